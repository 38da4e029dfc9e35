import { BaseError } from './base'

/** Type of a {@link LastLoginError}. */
export type LastLoginErrorType = LastLoginError & { name: 'LastLoginError' }

/**
 * Thrown when an unlink would leave the wallet with no way to sign in (its email and every
 * social login are the ways in): add another one first.
 */
export class LastLoginError extends BaseError {
  override name = 'LastLoginError'

  constructor() {
    super('This is the last way to sign in to this wallet. Add another one first.', {
      docsPath: '/errors.md#linked-logins',
    })
  }
}
