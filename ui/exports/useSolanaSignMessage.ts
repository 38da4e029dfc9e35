import { useSolanaSignMessage as useSolanaSignMessageHook } from '../solana/useSolanaSignMessage'

/**
 * Signs a message with the connected Solana account.
 * @example const { signMessage } = useSolanaSignMessage()
 */
export function useSolanaSignMessage(
  ...parameters: Parameters<typeof useSolanaSignMessageHook>
): ReturnType<typeof useSolanaSignMessageHook> {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useSolanaSignMessageHook(...parameters)
}
