import { randomInt } from 'node:crypto'

/** A uniform random number in [0, 1) from the OS generator (never the weak JS generator). */
export function secureRandom(): number {
  return randomInt(0, 2 ** 32) / 2 ** 32
}

/** Full-jitter backoff before retry `retry` (0-based): uniform in [0, base × 2^retry). */
export function backoffDelay(retry: number, baseMs: number, random: () => number): number {
  return Math.floor(random() * baseMs * 2 ** retry)
}
