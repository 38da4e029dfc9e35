import { type UseMutationResult, useMutation } from '@tanstack/react-query'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaQueryKey } from './solanaQueryKeys'

type SignVariables = { transaction: Uint8Array }

/** What {@link useSolanaSignTransaction} returns: a TanStack mutation, with wagmi's names. */
export type UseSolanaSignTransactionReturnType = UseMutationResult<
  Uint8Array,
  Error,
  SignVariables
> & {
  signTransaction: UseMutationResult<Uint8Array, Error, SignVariables>['mutate']
  signTransactionAsync: UseMutationResult<Uint8Array, Error, SignVariables>['mutateAsync']
}

/**
 * Signs a wire transaction with the connected Solana wallet without sending it; `data` is the
 * signed wire transaction.
 * @example const { signTransactionAsync } = useSolanaSignTransaction()
 */
export function useSolanaSignTransaction(
  parameters: SolanaHookParameters = {},
): UseSolanaSignTransactionReturnType {
  const adapter = useSolanaAdapter(parameters)
  const mutation = useMutation({
    mutationKey: [...solanaQueryKey, 'signTransaction'],
    mutationFn: (variables: SignVariables) => adapter.signTransaction(variables),
  })
  return {
    ...mutation,
    signTransaction: mutation.mutate,
    signTransactionAsync: mutation.mutateAsync,
  }
}
