import { BaseError } from './base'

/** Every check of an ID token that can fail (the server sends it as `reason`). */
export const socialIdTokenFailures = [
  'MISSING',
  'SIGNATURE',
  'ISSUER',
  'AUDIENCE',
  'EXPIRED',
  'NONCE',
  'SUBJECT',
] as const

/** Which check an ID token failed. */
export type SocialIdTokenFailure = (typeof socialIdTokenFailures)[number]

/** Type of a {@link SocialIdTokenError}. */
export type SocialIdTokenErrorType = SocialIdTokenError & { name: 'SocialIdTokenError' }

/**
 * Thrown when an OpenID Connect provider's ID token fails verification (signature from the
 * issuer's JWKS, `iss`, `aud`, `exp`, the flow's `nonce`, `sub`): no user is signed in.
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 */
export class SocialIdTokenError extends BaseError {
  reason: SocialIdTokenFailure

  override name = 'SocialIdTokenError'

  constructor({ reason, cause }: { reason: SocialIdTokenFailure; cause?: unknown }) {
    super(
      'The sign-in provider answered with an identity that could not be verified. Please sign in again.',
      {
        cause,
        details: reason,
        docsPath: '/errors.md#social-login',
      },
    )
    this.reason = reason
  }
}
