import { BaseError } from './base'

/** Type of a {@link RateLimitedError}. */
export type RateLimitedErrorType = RateLimitedError & { name: 'RateLimitedError' }

/**
 * Thrown when a caller went over a rate limit (ours, or the chain node's when its `Retry-After`
 * is above the wait the server accepts); `retryAfter` is in whole seconds, `retryAfterMs` exact.
 */
export class RateLimitedError extends BaseError {
  retryAfter: number
  retryAfterMs: number

  override name = 'RateLimitedError'

  constructor(args: { retryAfter: number } | { retryAfterMs: number; cause?: unknown }) {
    const ms = 'retryAfterMs' in args ? args.retryAfterMs : args.retryAfter * 1000
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    super(`Please try again after ${seconds} seconds`, {
      cause: 'cause' in args ? args.cause : undefined,
    })
    this.retryAfter = seconds
    this.retryAfterMs = Math.max(0, Math.ceil(ms))
  }
}
