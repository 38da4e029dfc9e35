import { useEffect, useState } from 'react'
import type { QrMatrix } from '../../../src/qr/encodeQr'

/** Loads the QR encoder: its own lazy chunk, fetched the first time a QR code shows. */
export type LoadQrEncoder = () => Promise<{ encodeQr(text: string): QrMatrix | undefined }>

const loadEncoder: LoadQrEncoder = () => import('../../../src/qr/encodeQr')

/** What {@link useQrMatrix} knows about the code of a text. */
export interface QrMatrixState {
  /** The code, once the encoder ran; undefined before, and for no text. */
  matrix: QrMatrix | undefined
  /** The encoder's chunk did not load (offline, a new deploy): no code is coming for this text. */
  failed: boolean
}

/** The QR code of `text`, once the encoder (loaded with `import()`) has run. */
export function useQrMatrix(text: string | undefined, load = loadEncoder): QrMatrixState {
  const [result, setResult] = useState<{ text: string; matrix?: QrMatrix; failed: boolean }>()
  useEffect(() => {
    if (!text) return
    let current = true
    load().then(
      ({ encodeQr }) => {
        if (current) setResult({ text, matrix: encodeQr(text), failed: false })
      },
      () => {
        if (current) setResult({ text, failed: true })
      },
    )
    return () => {
      current = false
    }
  }, [text, load])
  return result && result.text === text
    ? { matrix: result.matrix, failed: result.failed }
    : { matrix: undefined, failed: false }
}
