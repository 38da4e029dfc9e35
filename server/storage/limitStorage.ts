/** The answer of {@link LimitStorage.take}. */
export type LimitTake =
  | { allowed: true /** The recorded hit, for `release`. */; id: string }
  | {
      allowed: false /** When a slot frees (or the lockout ends), in ms since epoch. */
      retryAt: number
    }

/**
 * Sliding-window counters and escalating lockouts (account protection). A key's lockout also
 * closes its window: while locked nothing is taken, and hits from before the lockout no longer
 * count once it ends.
 */
export interface LimitStorage {
  /**
   * Records one hit of `key` at `now` unless `limit` hits already fall in `(now - windowMs, now]`
   * or the key is locked; one conditional INSERT, so concurrent takes never exceed `limit`.
   */
  take(key: string, now: number, windowMs: number, limit: number): Promise<LimitTake>
  /** Forgets one recorded hit (a check that turned out right does not count as a failure). */
  release(id: string): Promise<void>
  /**
   * Locks `key` unless it is locked already (concurrent calls escalate once): the level goes up
   * by one, or back to 1 when the last lockout ended more than `resetMs` ago; the lockout lasts
   * `ladderMs[level - 1]` (the last entry for higher levels). Returns when it ends.
   */
  lock(key: string, now: number, ladderMs: readonly number[], resetMs: number): Promise<number>
}
