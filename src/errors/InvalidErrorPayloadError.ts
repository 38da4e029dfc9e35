import { BaseError } from './base'

/** Type of an {@link InvalidErrorPayloadError}. */
export type InvalidErrorPayloadErrorType = InvalidErrorPayloadError & {
  name: 'InvalidErrorPayloadError'
}

/**
 * An error answer whose body is not a serialised error (no name or message, a name that is not
 * an identifier, a field of the wrong type or size): the wire said something failed, not what.
 */
export class InvalidErrorPayloadError extends BaseError {
  /** What is wrong with the payload. */
  reason: string

  override name = 'InvalidErrorPayloadError'

  constructor({ reason }: { reason: string }) {
    super('An error occurred', {
      metaMessages: [`The error answer could not be read: ${reason}`],
      docsPath: '/errors.md#wire',
    })
    this.reason = reason
  }
}
