import { BaseError } from './base'

/** Every check of a Sign In With Farcaster answer that can fail (the server sends it as `reason`). */
export const farcasterVerificationFailures = [
  /** Not a well-formed EIP-4361 message, or not Farcaster's (statement, chain 10, resources). */
  'MESSAGE',
  /** The message names another domain or URI than the one the login was started for. */
  'DOMAIN',
  /** The message carries another nonce than the server's. */
  'NONCE',
  /** Outside the message's validity (expiration time, not before, issued in the future). */
  'EXPIRED',
  /** The signature is not by the message's address. */
  'SIGNATURE',
  /** The relay's fid differs from the message's. */
  'FID',
  /** The signer is neither the fid's custody address nor one of its auth addresses. */
  'OWNER',
] as const

/** Which check a Sign In With Farcaster answer failed. */
export type FarcasterVerificationFailure = (typeof farcasterVerificationFailures)[number]

/** Type of a {@link FarcasterVerificationError}. */
export type FarcasterVerificationErrorType = FarcasterVerificationError & {
  name: 'FarcasterVerificationError'
}

/**
 * Thrown when the signed Sign In With Farcaster message that came back through the relay does not
 * verify (FIP-11: message, domain, nonce, times, signature, and the signer's ownership of the fid
 * on Optimism's ID and key registries): no user is signed in.
 */
export class FarcasterVerificationError extends BaseError {
  reason: FarcasterVerificationFailure

  override name = 'FarcasterVerificationError'

  constructor({ reason, cause }: { reason: FarcasterVerificationFailure; cause?: unknown }) {
    super('This Farcaster sign-in could not be verified. Please sign in again.', {
      cause,
      details: reason,
      docsPath: '/errors.md#farcaster-login',
    })
    this.reason = reason
  }
}
