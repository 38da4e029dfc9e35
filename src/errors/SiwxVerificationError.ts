import { BaseError } from './base'

/** Every reason a signed sign-in message can be rejected for (the server sends it as `code`). */
export const siwxVerificationFailures = [
  'MISSING_DOMAIN',
  'MISSING_NONCE',
  'INVALID_MESSAGE',
  'DOMAIN_MISMATCH',
  'SCHEME_MISMATCH',
  'URI_MISMATCH',
  'CHAIN_NOT_ALLOWED',
  'INVALID_TIME',
  'EXPIRED',
  'NOT_YET_VALID',
  'ISSUED_AT_TOO_OLD',
  'ADDRESS_MISMATCH',
  'INVALID_SIGNATURE',
  /** An ECDSA signature with a high `s` (EIP-2), the malleable twin of a valid one. */
  'NON_CANONICAL_SIGNATURE',
  'UNKNOWN_NONCE',
  'RPC_ERROR',
  'TIMEOUT',
] as const

/** Why a signed sign-in message was rejected; the verifier fails closed on every one. */
export type SiwxVerificationFailure = (typeof siwxVerificationFailures)[number]

/** Type of a {@link SiwxVerificationError}. */
export type SiwxVerificationErrorType = SiwxVerificationError & { name: 'SiwxVerificationError' }

/**
 * Thrown when a signed sign-in message is rejected; `reason` says which check failed.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export class SiwxVerificationError extends BaseError {
  reason: SiwxVerificationFailure

  override name = 'SiwxVerificationError'

  constructor({
    reason,
    cause,
    details,
  }: { reason: SiwxVerificationFailure; cause?: unknown; details?: string | undefined }) {
    super(`Sign-in rejected: ${reason}.`, { cause, details })
    this.reason = reason
  }
}
