import { useSolanaSignTransaction as useSolanaSignTransactionHook } from '../solana/useSolanaSignTransaction'

/**
 * Signs a wire transaction without sending it.
 * @example const { signTransaction } = useSolanaSignTransaction()
 */
export function useSolanaSignTransaction(
  ...parameters: Parameters<typeof useSolanaSignTransactionHook>
): ReturnType<typeof useSolanaSignTransactionHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaSignTransactionHook(...parameters)
}
