import { useSolanaTokenBalances as useSolanaTokenBalancesHook } from '../solana/useSolanaTokenBalances'

/**
 * The SPL token balances of an address (the connected account by default) on the current cluster.
 * @example const { data } = useSolanaTokenBalances()
 */
export function useSolanaTokenBalances(
  ...parameters: Parameters<typeof useSolanaTokenBalancesHook>
): ReturnType<typeof useSolanaTokenBalancesHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaTokenBalancesHook(...parameters)
}
