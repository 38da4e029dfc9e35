/** What {@link createLoader} returns. */
export interface Loader<T> {
  /**
   * The value once made; else the one `make` under way, started now if there is none. A failed
   * `make` is forgotten, so the next call tries again (a chunk that failed to load, offline).
   */
  load(): Promise<T>
  /** The value once made; undefined before and while it is being made. */
  readonly value: T | undefined
  /** Whether a `make` is under way or has succeeded. */
  readonly started: boolean
}

/**
 * One lazily made value (a chunk's `import()`, a provider, a built asset): made at most once at
 * a time, kept once made, tried again after a failure. The one place of that rule for the
 * connectors' sessions, their providers and frames, the modal chunk and the frame page's assets.
 * @example const sessions = createLoader(() => import('./session').then((m) => m.createSession()))
 */
export function createLoader<T>(make: () => Promise<T>): Loader<T> {
  let made: { value: T } | undefined
  let pending: Promise<T> | undefined
  return {
    load() {
      if (made) return Promise.resolve(made.value)
      pending ??= make().then(
        (value) => {
          made = { value }
          return value
        },
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )
      return pending
    },
    get value() {
      return made?.value
    },
    get started() {
      return pending !== undefined
    },
  }
}
