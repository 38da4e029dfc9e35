import { BaseError } from './base'

/** Type of a {@link BroadcastUncertainError}. */
export type BroadcastUncertainErrorType = BroadcastUncertainError & {
  name: 'BroadcastUncertainError'
}

/**
 * Thrown when a signed transaction was handed to the chain node but neither its answer nor a
 * lookup showed whether the node took it. EVM: it may still be mined under `hash`; the server
 * never re-sends it, and its next transaction from the account reuses `nonce`, so at most one of
 * the two can be mined. Solana: it may still land under `signature` until its blockhash expires.
 */
export class BroadcastUncertainError extends BaseError {
  /** EVM: the hash the transaction has if it was (or will be) mined. */
  hash?: `0x${string}` | undefined
  /** EVM: its nonce. */
  nonce?: number | undefined
  /** Solana: the transaction's signature (base58), its id on the cluster. */
  signature?: string | undefined
  /** Always true: the transaction may have gone out. */
  mayHaveBeenSent = true as const

  override name = 'BroadcastUncertainError'

  constructor(
    params:
      | { hash: `0x${string}`; nonce: number; cause?: unknown }
      | { signature: string; cause?: unknown },
  ) {
    const evm = 'hash' in params
    super(
      `The transaction may have been sent; check its ${evm ? 'hash' : 'signature'} before sending again`,
      {
        cause: params.cause,
        metaMessages: evm
          ? [`Hash: ${params.hash}`, `Nonce: ${params.nonce}`]
          : [`Signature: ${params.signature}`],
      },
    )
    if (evm) {
      this.hash = params.hash
      this.nonce = params.nonce
    } else this.signature = params.signature
  }
}
