import { RateLimitedError } from '../../src/errors/RateLimitedError'
import type { ServerContext } from '../context'

/**
 * Counts one hit for `key` in a sliding window of `windowMs`; over `limit` (or while the key is
 * locked), throws `RateLimitedError` with the seconds until a hit is allowed again. Returns the
 * hit's id (see `storage.limits.release`).
 */
export async function rateLimit(
  context: Pick<ServerContext, 'storage' | 'now'>,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<string> {
  const now = context.now()
  const taken = await context.storage.limits.take(key, now, windowMs, limit)
  if (!taken.allowed) throw new RateLimitedError({ retryAfter: (taken.retryAt - now) / 1000 })
  return taken.id
}
