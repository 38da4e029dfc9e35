import { BaseError } from './base'

/** Type of a {@link SocialLoginExpiredError}. */
export type SocialLoginExpiredErrorType = SocialLoginExpiredError & {
  name: 'SocialLoginExpiredError'
}

/** Thrown when no result came back from the provider's window before the login expired. */
export class SocialLoginExpiredError extends BaseError {
  override name = 'SocialLoginExpiredError'

  constructor() {
    super('The sign-in took too long. Please try again.', { docsPath: '/errors.md#social-login' })
  }
}
