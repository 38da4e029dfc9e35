import { useSolanaWallets as useSolanaWalletsHook } from '../solana/useSolanaWallets'

/**
 * The Solana wallets in the page (Wallet Standard), installed first.
 * @example const wallets = useSolanaWallets()
 */
export function useSolanaWallets(
  ...parameters: Parameters<typeof useSolanaWalletsHook>
): ReturnType<typeof useSolanaWalletsHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaWalletsHook(...parameters)
}
