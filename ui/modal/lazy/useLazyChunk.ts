import { useEffect, useState } from 'react'
import type { LazyChunk } from './lazyChunk'

/**
 * A lazy chunk's exports: there at once when it was loaded before, else loaded on mount;
 * `failed` when that load failed (the next mount tries again).
 */
export function useLazyChunk<T>(chunk: LazyChunk<T>): { value: T | undefined; failed: boolean } {
  const [value, setValue] = useState(chunk.loaded)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (value) return
    let live = true
    chunk.load().then(
      (loaded) => {
        if (live) setValue(() => loaded)
      },
      () => {
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [chunk, value])
  return { value, failed }
}
