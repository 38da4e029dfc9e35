import { BaseError } from './base'

/** Type of a {@link SocialLoginCancelledError}. */
export type SocialLoginCancelledErrorType = SocialLoginCancelledError & {
  name: 'SocialLoginCancelledError'
}

/** Thrown when the visitor declined at the provider (OAuth `error=access_denied`). */
export class SocialLoginCancelledError extends BaseError {
  override name = 'SocialLoginCancelledError'

  constructor() {
    super('Sign-in was cancelled. Choose a sign-in method to try again.', {
      docsPath: '/errors.md#social-login',
    })
  }
}
