import { BaseError } from './base'

/** Type of a {@link SocialRedirectUnavailableError}. */
export type SocialRedirectUnavailableErrorType = SocialRedirectUnavailableError & {
  name: 'SocialRedirectUnavailableError'
}

/**
 * Thrown when a redirect-mode social login cannot start: the page would leave, and what it
 * needs when it comes back cannot be kept: the wallet frame's storage (a browser that blocks a
 * cross-site frame's storage) or the tab's sessionStorage. `reason` says which. The modal offers
 * the provider's window (a popup) instead.
 */
export class SocialRedirectUnavailableError extends BaseError {
  reason: string

  override name = 'SocialRedirectUnavailableError'

  constructor({ reason }: { reason: string }) {
    super('This browser cannot sign in by redirect here. Sign in in a new window instead.', {
      details: reason,
      docsPath: '/errors.md#social-login',
    })
    this.reason = reason
  }
}
