import type { CaipNetworkId } from '../../src/networks'
import type { SolanaCluster } from '../../src/solana/solanaClusters'
import type { StandardWallet } from './walletStandardTypes'

/** What a linked wallet is told about the adapter that lists it. */
export interface LinkedSolanaWalletContext {
  /** The adapter's clusters (a WalletConnect proposal asks for each). */
  clusters: readonly SolanaCluster[]
  /** The cluster the adapter reads from and signs for now. */
  cluster(): SolanaCluster
  /** A cluster's CAIP-2 id (known for the public clusters, read from its RPC for any other). */
  getCaipNetworkId(clusterId: string): Promise<CaipNetworkId>
}

/**
 * A Solana wallet a wagmi connector of Latchkey brings (WalletConnect's `solana` namespace, the
 * embedded wallet's ed25519 key), found on the connector as `solanaWallet`. The adapter lists it
 * as `Loadable` and loads it, as a Wallet Standard wallet, only when it is connected to: the
 * connector's Solana code is a chunk of its own.
 */
export interface LinkedSolanaWallet {
  /** The name it is listed and connected under (the connector's). */
  readonly name: string
  readonly icon?: string | undefined
  /** The wagmi connector's `type` it comes through (`walletConnect`, `embeddedWallet`). */
  readonly connector: string
  /** Called by each adapter that links it; the last one's context is the one used. */
  link(context: LinkedSolanaWalletContext): void
  /** Loads the wallet (once; later calls give the same one). */
  load(): Promise<StandardWallet>
}

/** The linked wallets among wagmi connectors (`config.connectors`): each one's `solanaWallet`. */
export function findLinkedWallets(connectors: readonly unknown[]): LinkedSolanaWallet[] {
  const found: LinkedSolanaWallet[] = []
  for (const connector of connectors) {
    const linked = (connector as { solanaWallet?: Partial<LinkedSolanaWallet> } | null)
      ?.solanaWallet
    if (
      linked &&
      typeof linked.name === 'string' &&
      typeof linked.load === 'function' &&
      typeof linked.link === 'function' &&
      !found.some((other) => other.name === linked.name)
    )
      found.push(linked as LinkedSolanaWallet)
  }
  return found
}
