import { BaseError } from './base'

/** Type of a {@link SocialStateError}. */
export type SocialStateErrorType = SocialStateError & { name: 'SocialStateError' }

/**
 * Thrown at the social login callback when its `state` is missing, unknown, expired or already
 * answered (a tampered or replayed callback): nothing is handed to any page.
 */
export class SocialStateError extends BaseError {
  override name = 'SocialStateError'

  constructor() {
    super(
      'This sign-in link has expired or was already used. Close this window and sign in again.',
      {
        docsPath: '/errors.md#social-login',
      },
    )
  }
}
