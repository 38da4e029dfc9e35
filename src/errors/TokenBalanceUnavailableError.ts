import { BaseError } from './base'

/** Type of a {@link TokenBalanceUnavailableError}. */
export type TokenBalanceUnavailableErrorType = TokenBalanceUnavailableError & {
  name: 'TokenBalanceUnavailableError'
}

/**
 * Thrown when an account's token balances could not be read (SPEC §8 'Token Balance Unavailable').
 * The read is then locked for `retryAfterMs` (SPEC §9: 30 s): a fetch meanwhile returns an empty
 * list marked `locked`, never a made-up zero.
 */
export class TokenBalanceUnavailableError extends BaseError {
  /** How long until the next read goes out, in ms. */
  retryAfterMs: number

  override name = 'TokenBalanceUnavailableError'

  constructor({ retryAfterMs, cause }: { retryAfterMs: number; cause?: unknown }) {
    super('Token Balance Unavailable', { cause, docsPath: '/errors.md#account-data' })
    this.retryAfterMs = retryAfterMs
  }
}
