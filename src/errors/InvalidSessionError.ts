import { BaseError } from './base'

/** Type of an {@link InvalidSessionError}. */
export type InvalidSessionErrorType = InvalidSessionError & { name: 'InvalidSessionError' }

/** Thrown when a request has no session token, or an unknown, expired or signed-out one. */
export class InvalidSessionError extends BaseError {
  /** EIP-1193 code: unauthorized. */
  code = 4100

  override name = 'InvalidSessionError'

  constructor() {
    super('Invalid session')
  }
}
