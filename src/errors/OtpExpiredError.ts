import { BaseError } from './base'

/** Type of an {@link OtpExpiredError}. */
export type OtpExpiredErrorType = OtpExpiredError & { name: 'OtpExpiredError' }

/** Thrown when a one-time code is used after its expiry. */
export class OtpExpiredError extends BaseError {
  override name = 'OtpExpiredError'

  constructor() {
    super('The code has expired. Please request a new one.')
  }
}
