import { BaseError } from './base'

/** Type of an {@link EmailDeliveryFailedError}. */
export type EmailDeliveryFailedErrorType = EmailDeliveryFailedError & {
  name: 'EmailDeliveryFailedError'
}

/** Thrown when the mail server refuses or cannot take an email. */
export class EmailDeliveryFailedError extends BaseError {
  override name = 'EmailDeliveryFailedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Could not send the email', { cause })
  }
}
