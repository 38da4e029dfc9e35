import { type UseMutationResult, useMutation } from '@tanstack/react-query'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaQueryKey } from './solanaQueryKeys'

type SignData = { signature: Uint8Array; signedMessage: Uint8Array }
type SignVariables = { message: Uint8Array | string }

/** What {@link useSolanaSignMessage} returns: a TanStack mutation, with wagmi's names. */
export type UseSolanaSignMessageReturnType = UseMutationResult<SignData, Error, SignVariables> & {
  signMessage: UseMutationResult<SignData, Error, SignVariables>['mutate']
  signMessageAsync: UseMutationResult<SignData, Error, SignVariables>['mutateAsync']
}

/**
 * Signs a message with the connected Solana account (Ed25519). `data.signedMessage` is what was
 * signed: verify against it, a wallet may add a prefix.
 * @example const { signMessage, data } = useSolanaSignMessage(); signMessage({ message: 'Hello' })
 */
export function useSolanaSignMessage(
  parameters: SolanaHookParameters = {},
): UseSolanaSignMessageReturnType {
  const adapter = useSolanaAdapter(parameters)
  const mutation = useMutation({
    mutationKey: [...solanaQueryKey, 'signMessage'],
    mutationFn: (variables: SignVariables) => adapter.signMessage(variables),
  })
  return { ...mutation, signMessage: mutation.mutate, signMessageAsync: mutation.mutateAsync }
}
