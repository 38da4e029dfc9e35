import { useCallback } from 'react'
import type { SolanaCluster } from '../../src/solana/solanaClusters'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { useSolanaAccount } from './useSolanaAccount'

/** What {@link useSolanaCluster} returns. */
export interface UseSolanaClusterReturnType {
  cluster: SolanaCluster
  clusters: readonly SolanaCluster[]
  /** Switches reads and signatures to a configured cluster; throws `InvalidSolanaClusterError` for another id. */
  switchCluster(parameters: { cluster: string }): SolanaCluster
}

/**
 * The current Solana cluster, the configured ones, and the switch between them (the wallet stays
 * connected; balances are read again for the new cluster).
 * @example const { cluster, switchCluster } = useSolanaCluster()
 */
export function useSolanaCluster(
  parameters: SolanaHookParameters = {},
): UseSolanaClusterReturnType {
  const adapter = useSolanaAdapter(parameters)
  const { cluster } = useSolanaAccount({ adapter })
  const switchCluster = useCallback(
    (next: { cluster: string }) => adapter.switchCluster(next),
    [adapter],
  )
  return { cluster, clusters: adapter.clusters, switchCluster }
}
