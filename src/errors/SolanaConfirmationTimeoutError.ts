import { BaseError } from './base'

/** Type of a {@link SolanaConfirmationTimeoutError}. */
export type SolanaConfirmationTimeoutErrorType = SolanaConfirmationTimeoutError & {
  name: 'SolanaConfirmationTimeoutError'
}

/**
 * Thrown when a sent Solana transaction did not reach the commitment asked for in time. It may
 * still land until its blockhash expires (about a minute and a half): do not send it again
 * before checking its signature.
 */
export class SolanaConfirmationTimeoutError extends BaseError {
  /** The transaction's signature (base58). */
  signature: string
  /** How long the confirmation was waited for, in ms. */
  timeoutMs: number

  override name = 'SolanaConfirmationTimeoutError'

  constructor({
    signature,
    timeoutMs,
    cause,
  }: {
    signature: string
    timeoutMs: number
    cause?: unknown
  }) {
    super(
      `Solana transaction ${signature.slice(0, 16)}… was not confirmed within ${timeoutMs / 1000} s.`,
      {
        cause,
        docsPath: '/errors.md#solana',
        metaMessages: [
          '- It may still land: look its signature up in an explorer before sending again.',
        ],
      },
    )
    this.signature = signature
    this.timeoutMs = timeoutMs
  }
}
