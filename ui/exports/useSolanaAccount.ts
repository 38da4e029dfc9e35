import { useSolanaAccount as useSolanaAccountHook } from '../solana/useSolanaAccount'

/**
 * The Solana account: status, address, wallet and cluster.
 * @example const { address, isConnected } = useSolanaAccount()
 */
export function useSolanaAccount(
  ...parameters: Parameters<typeof useSolanaAccountHook>
): ReturnType<typeof useSolanaAccountHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaAccountHook(...parameters)
}
