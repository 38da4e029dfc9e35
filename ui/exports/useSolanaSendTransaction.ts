import { useSolanaSendTransaction as useSolanaSendTransactionHook } from '../solana/useSolanaSendTransaction'

/**
 * Signs and sends a wire transaction through the connected wallet.
 * @example const { sendTransaction } = useSolanaSendTransaction()
 */
export function useSolanaSendTransaction(
  ...parameters: Parameters<typeof useSolanaSendTransactionHook>
): ReturnType<typeof useSolanaSendTransactionHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaSendTransactionHook(...parameters)
}
