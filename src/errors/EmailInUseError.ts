import { BaseError } from './base'

/** Type of an {@link EmailInUseError}. */
export type EmailInUseErrorType = EmailInUseError & { name: 'EmailInUseError' }

/** Thrown when an email change targets an address that another account already uses. */
export class EmailInUseError extends BaseError {
  override name = 'EmailInUseError'

  constructor() {
    super('This email is already in use')
  }
}
