import { useSolanaCluster as useSolanaClusterHook } from '../solana/useSolanaCluster'

/**
 * The current cluster and the switch to another configured one.
 * @example const { cluster, switchCluster } = useSolanaCluster()
 */
export function useSolanaCluster(
  ...parameters: Parameters<typeof useSolanaClusterHook>
): ReturnType<typeof useSolanaClusterHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaClusterHook(...parameters)
}
