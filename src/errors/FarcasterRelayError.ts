import { BaseError } from './base'

/** Type of a {@link FarcasterRelayError}. */
export type FarcasterRelayErrorType = FarcasterRelayError & { name: 'FarcasterRelayError' }

/**
 * Thrown when the Farcaster auth relay or the Optimism RPC the server checks the fid with did not
 * answer, or answered something unexpected. `reason` says which step (`channel`, `status`, `rpc`).
 */
export class FarcasterRelayError extends BaseError {
  reason: string

  override name = 'FarcasterRelayError'

  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('Farcaster could not be reached. Please try again.', {
      cause,
      details: reason,
      docsPath: '/errors.md#farcaster-login',
    })
    this.reason = reason
  }
}
