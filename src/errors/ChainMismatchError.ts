import { BaseError } from './base'

/** Type of a {@link ChainMismatchError}. */
export type ChainMismatchErrorType = ChainMismatchError & { name: 'ChainMismatchError' }

/** Thrown when a request names a chain other than the one the wallet is on. */
export class ChainMismatchError extends BaseError {
  /** JSON-RPC code: invalid params. */
  code = -32602
  /** The chain the request names. */
  requestedChainId: string
  /** The chain the wallet is on (captured when the request arrived). */
  activeChainId: number

  override name = 'ChainMismatchError'

  constructor({
    kind,
    requestedChainId,
    activeChainId,
  }: {
    /** What names the chain, e.g. 'signature request' or 'transaction'. */
    kind: string
    requestedChainId: bigint | number | string
    activeChainId: number
  }) {
    super(
      `This ${kind} is for chain ${requestedChainId}, but the wallet is on chain ${activeChainId}.`,
    )
    this.requestedChainId = String(requestedChainId)
    this.activeChainId = activeChainId
  }
}
