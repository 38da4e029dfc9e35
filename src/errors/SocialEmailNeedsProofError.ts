import { BaseError } from './base'

/** Type of a {@link SocialEmailNeedsProofError}. */
export type SocialEmailNeedsProofErrorType = SocialEmailNeedsProofError & {
  name: 'SocialEmailNeedsProofError'
}

/**
 * Thrown when a first social login's verified email belongs to an existing email account: the
 * accounts are never merged silently. The visitor signs in with the email code first.
 */
export class SocialEmailNeedsProofError extends BaseError {
  email: string
  provider: string

  override name = 'SocialEmailNeedsProofError'

  constructor({ email, provider }: { email: string; provider: string }) {
    super(
      `An account already uses ${email}. Sign in with a code sent to that email first, then add ${provider} to it.`,
      { docsPath: '/errors.md#social-login' },
    )
    this.email = email
    this.provider = provider
  }
}
