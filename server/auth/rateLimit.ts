import { RateLimitedError } from '../../src/errors/RateLimitedError'
import type { ServerContext } from '../context'

/**
 * Counts one hit for `key` in a fixed window; over `limit`, throws `RateLimitedError` with the
 * seconds until the window ends.
 */
export async function rateLimit(
  context: Pick<ServerContext, 'storage' | 'now'>,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<void> {
  const now = context.now()
  const windowStart = now - (now % windowMs)
  const count = await context.storage.rateLimits.hit(key, windowStart)
  if (count > limit)
    throw new RateLimitedError({ retryAfter: (windowStart + windowMs - now) / 1000 })
}
