import { BaseError } from './base'

/** Type of a {@link DeviceProofNonceError}. */
export type DeviceProofNonceErrorType = DeviceProofNonceError & { name: 'DeviceProofNonceError' }

/**
 * Thrown when a device proof's nonce is missing, unknown or expired, or its `iat` is too far from
 * the server's clock (HTTP 401). Retry once with a new proof that uses this answer's
 * `Latchkey-Nonce` and `Latchkey-Time` headers.
 */
export class DeviceProofNonceError extends BaseError {
  /** EIP-1193 code: unauthorized. */
  code = 4100

  override name = 'DeviceProofNonceError'

  constructor({ reason }: { reason: string }) {
    super('Use a fresh nonce', { details: reason })
  }
}
