import { BaseError } from './base'

/** Type of an {@link InvalidDeviceProofError}. */
export type InvalidDeviceProofErrorType = InvalidDeviceProofError & {
  name: 'InvalidDeviceProofError'
}

/**
 * Thrown when a request that needs the device's key carries no proof, or one that is malformed,
 * signed by another key, replayed, or made for another method, path or body (HTTP 401).
 */
export class InvalidDeviceProofError extends BaseError {
  /** EIP-1193 code: unauthorized. */
  code = 4100

  override name = 'InvalidDeviceProofError'

  constructor({ reason }: { reason: string }) {
    super('Invalid device proof', { details: reason })
  }
}
