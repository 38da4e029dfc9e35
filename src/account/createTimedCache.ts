/** A cache of loaded values with a lifetime, that never runs two loads of one key at once. */
export interface TimedCache<T> {
  /**
   * The value of `key`: the stored one while younger than the lifetime (unless `fresh`), else
   * the running load of that key, else a new load. A failed load stores nothing.
   */
  get(key: string, load: () => Promise<T>, options?: { fresh?: boolean }): Promise<T>
  /** Forgets one key, or every key. */
  clear(key?: string): void
}

/**
 * Makes a {@link TimedCache}: values live `lifetimeMs` by the `now` clock (SPEC §9 lifetimes:
 * portfolio and native balance 30 s, names and identity 5 min).
 */
export function createTimedCache<T>({
  lifetimeMs,
  now,
}: {
  lifetimeMs: number
  now: () => number
}): TimedCache<T> {
  const values = new Map<string, { value: T; at: number }>()
  const running = new Map<string, Promise<T>>()
  return {
    get(key, load, options) {
      const stored = values.get(key)
      if (!options?.fresh && stored && now() - stored.at < lifetimeMs)
        return Promise.resolve(stored.value)
      const inFlight = running.get(key)
      if (inFlight) return inFlight
      const started = (async () => {
        try {
          const value = await load()
          values.set(key, { value, at: now() })
          return value
        } finally {
          running.delete(key)
        }
      })()
      running.set(key, started)
      return started
    },
    clear(key) {
      if (key === undefined) values.clear()
      else values.delete(key)
    },
  }
}
