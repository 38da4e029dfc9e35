import { useSolanaBalance as useSolanaBalanceHook } from '../solana/useSolanaBalance'

/**
 * The SOL balance of an address (the connected account by default) on the current cluster.
 * @example const { data } = useSolanaBalance()
 */
export function useSolanaBalance(
  ...parameters: Parameters<typeof useSolanaBalanceHook>
): ReturnType<typeof useSolanaBalanceHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaBalanceHook(...parameters)
}
