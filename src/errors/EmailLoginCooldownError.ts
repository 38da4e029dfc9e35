import { BaseError } from './base'

/** Type of an {@link EmailLoginCooldownError}. */
export type EmailLoginCooldownErrorType = EmailLoginCooldownError & {
  name: 'EmailLoginCooldownError'
}

/** Thrown when an email login is triggered within 30 s of the last one (SPEC §5). */
export class EmailLoginCooldownError extends BaseError {
  /** Whole seconds to wait, rounded up. */
  seconds: number

  override name = 'EmailLoginCooldownError'

  constructor({ seconds }: { seconds: number }) {
    super(`Please try again after ${seconds} seconds`)
    this.seconds = seconds
  }
}
