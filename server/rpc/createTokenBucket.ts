/** A per-chain request budget: `reserve` books the next free slot. */
export interface TokenBucket {
  /**
   * Books a slot for one request and answers how long to wait for it (0: go now), or undefined
   * without booking when the slot would start after `latest` (ms since epoch).
   */
  reserve(latest: number): { waitMs: number } | { retryAfterMs: number }
}

/**
 * A token bucket (as a virtual schedule): `ratePerSecond` requests per second, `burst` at once
 * after a quiet spell. Queued requests leave in order, spaced by the rate, each with a jitter of
 * up to one interval, so a recovery after an outage is no thundering herd.
 */
export function createTokenBucket({
  ratePerSecond,
  burst,
  now,
  random,
}: {
  ratePerSecond: number
  burst: number
  now: () => number
  random: () => number
}): TokenBucket {
  const interval = 1000 / ratePerSecond
  const tolerance = (burst - 1) * interval
  // The time the bucket is next empty of tokens ("theoretical arrival time").
  let tat = 0
  return {
    reserve(latest) {
      const t = now()
      const start = Math.max(t, tat - tolerance)
      const jitter = start > t ? random() * interval : 0
      if (start + jitter > latest) return { retryAfterMs: Math.ceil(start - t) }
      tat = Math.max(tat, t) + interval
      return { waitMs: start + jitter - t }
    },
  }
}
