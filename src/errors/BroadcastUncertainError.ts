import { BaseError } from './base'

/** Type of a {@link BroadcastUncertainError}. */
export type BroadcastUncertainErrorType = BroadcastUncertainError & {
  name: 'BroadcastUncertainError'
}

/**
 * Thrown when a signed transaction was handed to the chain node but neither its answer nor a
 * lookup by hash and nonce showed whether the node took it: it may still be mined under `hash`.
 * The server never re-sends it; its next transaction from the account reuses `nonce`, so at
 * most one of the two can be mined.
 */
export class BroadcastUncertainError extends BaseError {
  /** The hash the transaction has if it was (or will be) mined. */
  hash: `0x${string}`
  /** Its nonce. */
  nonce: number
  /** Always true: the transaction may have gone out. */
  mayHaveBeenSent = true as const

  override name = 'BroadcastUncertainError'

  constructor({ hash, nonce, cause }: { hash: `0x${string}`; nonce: number; cause?: unknown }) {
    super('The transaction may have been sent; check its hash before sending again', {
      cause,
      metaMessages: [`Hash: ${hash}`, `Nonce: ${nonce}`],
    })
    this.hash = hash
    this.nonce = nonce
  }
}
