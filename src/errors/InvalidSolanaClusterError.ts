import { BaseError } from './base'

/** Type of an {@link InvalidSolanaClusterError}. */
export type InvalidSolanaClusterErrorType = InvalidSolanaClusterError & {
  name: 'InvalidSolanaClusterError'
}

/**
 * Thrown when a Solana cluster is not configured (a switch to an id the adapter was not given), or
 * a cluster given to the adapter is malformed (id, RPC URL, Wallet Standard chain).
 */
export class InvalidSolanaClusterError extends BaseError {
  /** The cluster id (or the value given). */
  cluster: string

  override name = 'InvalidSolanaClusterError'

  constructor({ cluster, reason }: { cluster: unknown; reason: string }) {
    const shown = String(cluster).slice(0, 64)
    super(`Solana cluster "${shown}" is invalid: ${reason}.`, {
      docsPath: '/errors.md#solana',
      metaMessages: [
        '- Give createSolanaAdapter `clusters`: "mainnet", "devnet", "testnet", or',
        '  { id, rpcUrl: "https://…", chain?: "solana:…" }; switch only to one of their ids.',
      ],
    })
    this.cluster = shown
  }
}
