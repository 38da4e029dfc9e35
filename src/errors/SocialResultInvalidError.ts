import { BaseError } from './base'

/** Type of a {@link SocialResultInvalidError}. */
export type SocialResultInvalidErrorType = SocialResultInvalidError & {
  name: 'SocialResultInvalidError'
}

/**
 * Thrown when a social login result is unknown, expired or used, was started by another frame
 * session (another device key), or comes without the redirect-mode secret its start named.
 */
export class SocialResultInvalidError extends BaseError {
  override name = 'SocialResultInvalidError'

  constructor({ reason }: { reason: string }) {
    super('This sign-in could not be completed here. Please sign in again.', {
      details: reason,
      docsPath: '/errors.md#social-login',
    })
  }
}
