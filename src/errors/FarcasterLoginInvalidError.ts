import { BaseError } from './base'

/** Type of a {@link FarcasterLoginInvalidError}. */
export type FarcasterLoginInvalidErrorType = FarcasterLoginInvalidError & {
  name: 'FarcasterLoginInvalidError'
}

/**
 * Thrown when a Farcaster login handle is unknown, used or expired, or was started by another
 * frame session (another device key): get a new Farcaster URI.
 */
export class FarcasterLoginInvalidError extends BaseError {
  override name = 'FarcasterLoginInvalidError'

  constructor({ reason }: { reason: string }) {
    super('This Farcaster sign-in has ended. Please start again.', {
      details: reason,
      docsPath: '/errors.md#farcaster-login',
    })
  }
}
