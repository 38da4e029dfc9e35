import { BaseError } from './base'

/** Type of an {@link InvalidOtpError}. */
export type InvalidOtpErrorType = InvalidOtpError & { name: 'InvalidOtpError' }

/** Thrown when a one-time code is wrong, already used, or was never sent. */
export class InvalidOtpError extends BaseError {
  /** Attempts left on the current code, when known. */
  attemptsLeft?: number | undefined

  override name = 'InvalidOtpError'

  constructor({ attemptsLeft }: { attemptsLeft?: number | undefined } = {}) {
    super('Invalid code', {
      metaMessages: attemptsLeft === undefined ? undefined : [`Attempts left: ${attemptsLeft}`],
    })
    this.attemptsLeft = attemptsLeft
  }
}
