import { BaseError } from './base'

/** Type of a {@link FarcasterIdentityInUseError}. */
export type FarcasterIdentityInUseErrorType = FarcasterIdentityInUseError & {
  name: 'FarcasterIdentityInUseError'
}

/**
 * Thrown when the Farcaster account (`fid`) being linked already signs in to another wallet:
 * accounts are never merged. Sign in with Farcaster and unlink it there first.
 */
export class FarcasterIdentityInUseError extends BaseError {
  fid: number

  override name = 'FarcasterIdentityInUseError'

  constructor({ fid }: { fid: number }) {
    super('This Farcaster account already signs in to another wallet.', {
      details: `fid ${fid}`,
      docsPath: '/errors.md#linked-logins',
    })
    this.fid = fid
  }
}
