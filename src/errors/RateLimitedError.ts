import { BaseError } from './base'

/** Type of a {@link RateLimitedError}. */
export type RateLimitedErrorType = RateLimitedError & { name: 'RateLimitedError' }

/** Thrown when a caller went over a rate limit; `retryAfter` is in whole seconds. */
export class RateLimitedError extends BaseError {
  retryAfter: number

  override name = 'RateLimitedError'

  constructor({ retryAfter }: { retryAfter: number }) {
    const seconds = Math.max(1, Math.ceil(retryAfter))
    super(`Please try again after ${seconds} seconds`)
    this.retryAfter = seconds
  }
}
