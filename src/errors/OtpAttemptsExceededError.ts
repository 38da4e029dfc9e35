import { BaseError } from './base'

/** Type of an {@link OtpAttemptsExceededError}. */
export type OtpAttemptsExceededErrorType = OtpAttemptsExceededError & {
  name: 'OtpAttemptsExceededError'
}

/** Thrown when a one-time code got too many wrong attempts and is no longer valid. */
export class OtpAttemptsExceededError extends BaseError {
  override name = 'OtpAttemptsExceededError'

  constructor() {
    super('Too many wrong attempts. Please request a new code.')
  }
}
