import { BaseError } from './base'

/** Type of an {@link InvalidRequestError}. */
export type InvalidRequestErrorType = InvalidRequestError & { name: 'InvalidRequestError' }

/** Thrown when a request body, query or RPC params fail validation. */
export class InvalidRequestError extends BaseError {
  /** JSON-RPC code: invalid params. */
  code = -32602
  reason: string

  override name = 'InvalidRequestError'

  constructor({ reason }: { reason: string }) {
    super(`Invalid request: ${reason}`)
    this.reason = reason
  }
}
