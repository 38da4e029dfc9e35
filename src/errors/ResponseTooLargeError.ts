import { BaseError } from './base'

/** Type of a {@link ResponseTooLargeError}. */
export type ResponseTooLargeErrorType = ResponseTooLargeError & { name: 'ResponseTooLargeError' }

/** Thrown when the chain node's answer is larger than the server reads (it stops reading there). */
export class ResponseTooLargeError extends BaseError {
  /** The cap, in bytes. */
  maxBytes: number

  override name = 'ResponseTooLargeError'

  constructor({ maxBytes }: { maxBytes: number }) {
    super('The chain node answered with too much data', {
      metaMessages: [`Limit: ${maxBytes} bytes`],
    })
    this.maxBytes = maxBytes
  }
}
