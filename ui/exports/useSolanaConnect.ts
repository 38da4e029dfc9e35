import { useSolanaConnect as useSolanaConnectHook } from '../solana/useSolanaConnect'

/**
 * Connects a Solana wallet by name.
 * @example const { wallets, connect } = useSolanaConnect()
 */
export function useSolanaConnect(
  ...parameters: Parameters<typeof useSolanaConnectHook>
): ReturnType<typeof useSolanaConnectHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaConnectHook(...parameters)
}
