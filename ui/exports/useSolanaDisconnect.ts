import { useSolanaDisconnect as useSolanaDisconnectHook } from '../solana/useSolanaDisconnect'

/**
 * Disconnects the Solana wallet (the EVM connection stays).
 * @example const { disconnect } = useSolanaDisconnect()
 */
export function useSolanaDisconnect(
  ...parameters: Parameters<typeof useSolanaDisconnectHook>
): ReturnType<typeof useSolanaDisconnectHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaDisconnectHook(...parameters)
}
