import { BaseError } from './base'

/** Type of a {@link SolanaTransactionFailedError}. */
export type SolanaTransactionFailedErrorType = SolanaTransactionFailedError & {
  name: 'SolanaTransactionFailedError'
}

/**
 * Thrown while confirming a sent Solana transaction that the cluster executed with an error: it
 * landed (its fee is paid) but did nothing else. `err` holds the cluster's error, e.g.
 * `{ InstructionError: [0, …] }`.
 */
export class SolanaTransactionFailedError extends BaseError {
  /** The transaction's signature (base58). */
  signature: string
  /** The error as the cluster reported it. */
  err: unknown

  override name = 'SolanaTransactionFailedError'

  constructor({ signature, err }: { signature: string; err: unknown }) {
    let shown: string
    try {
      shown = JSON.stringify(err)?.slice(0, 200) ?? String(err)
    } catch {
      shown = String(err)
    }
    super(`Solana transaction ${signature.slice(0, 16)}… failed on the cluster.`, {
      docsPath: '/errors.md#solana',
      details: shown,
      metaMessages: [
        '- The fee was paid and nothing else changed: check the balances and the receiver, then',
        '  send again.',
      ],
    })
    this.signature = signature
    this.err = err
  }
}
