/** A part of the modal in a chunk of its own (see {@link lazyChunk}). */
export interface LazyChunk<T> {
  /** What the chunk exports once loaded (a render can use it at once), else undefined. */
  loaded(): T | undefined
  /** Loads the chunk once; a failed load is forgotten, so the next call tries again. */
  load(): Promise<T>
}

/**
 * A part of the modal its first open does not carry: `importer` is the `import()` of its module
 * (written at the call site, so bundlers split it there), fetched on the first `load()`.
 */
export function lazyChunk<T>(importer: () => Promise<T>): LazyChunk<T> {
  let loaded: T | undefined
  let pending: Promise<T> | undefined
  return {
    loaded: () => loaded,
    load() {
      pending ??= importer().then(
        (value) => {
          loaded = value
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
