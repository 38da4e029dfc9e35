import { BaseError } from './base'

/** Type of a {@link SocialProviderError}. */
export type SocialProviderErrorType = SocialProviderError & { name: 'SocialProviderError' }

/**
 * Thrown when the provider refused or failed a step of the login: an `error` other than
 * `access_denied` on the callback, the code exchange (a code replayed, or a PKCE verifier that
 * does not match), its discovery document, or its user info. `reason` says which.
 */
export class SocialProviderError extends BaseError {
  reason: string

  override name = 'SocialProviderError'

  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('The sign-in provider did not accept this sign-in. Please sign in again.', {
      cause,
      details: reason,
      docsPath: '/errors.md#social-login',
    })
    this.reason = reason
  }
}
