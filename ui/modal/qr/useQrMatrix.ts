import { useEffect, useState } from 'react'
import type { QrMatrix } from './encodeQr'

/**
 * The QR code of `text`, once the encoder (its own lazy chunk, loaded with `import()` the first
 * time a QR code shows) has run; undefined before, and for no text.
 */
export function useQrMatrix(text: string | undefined): QrMatrix | undefined {
  const [result, setResult] = useState<{ text: string; matrix: QrMatrix | undefined }>()
  useEffect(() => {
    if (!text) return
    let current = true
    import('./encodeQr').then(
      ({ encodeQr }) => {
        if (current) setResult({ text, matrix: encodeQr(text) })
      },
      () => {},
    )
    return () => {
      current = false
    }
  }, [text])
  return result && result.text === text ? result.matrix : undefined
}
