/** A part of the modal in a chunk of its own (see {@link lazyChunk}). */
export interface LazyChunk<T> {
  /** What the chunk exports once loaded (a render can use it at once), else undefined. */
  loaded(): T | undefined
  /** Loads the chunk once; a failed load is forgotten, so the next call tries again. */
  load(): Promise<T>
  /** Calls `listener` once the chunk loaded (by anyone), without loading it; returns the stop. */
  whenLoaded(listener: (value: T) => void): () => void
}

/**
 * A part of the modal its first open does not carry: `importer` is the `import()` of its module
 * (written at the call site, so bundlers split it there), fetched on the first `load()`.
 */
export function lazyChunk<T>(importer: () => Promise<T>): LazyChunk<T> {
  let loaded: T | undefined
  let pending: Promise<T> | undefined
  const listeners = new Set<(value: T) => void>()
  return {
    loaded: () => loaded,
    whenLoaded(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    load() {
      pending ??= importer().then(
        (value) => {
          loaded = value
          for (const listener of listeners) listener(value)
          listeners.clear()
          return value
        },
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )
      return pending
    },
  }
}
