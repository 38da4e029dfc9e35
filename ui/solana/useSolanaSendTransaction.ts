import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CommitmentInput } from '../../src/solana/commitment'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaBalanceKey, solanaQueryKey } from './solanaQueryKeys'

type SendVariables = {
  /** The wire transaction (e.g. `getTransactionEncoder().encode(tx)` of `@solana/kit`). */
  transaction: Uint8Array
  /** @default the adapter's `commitment` */
  preflightCommitment?: CommitmentInput | undefined
  /** @default false */
  skipPreflight?: boolean | undefined
}

/** What {@link useSolanaSendTransaction} returns: a TanStack mutation, with wagmi's names. */
export type UseSolanaSendTransactionReturnType = UseMutationResult<string, Error, SendVariables> & {
  sendTransaction: UseMutationResult<string, Error, SendVariables>['mutate']
  sendTransactionAsync: UseMutationResult<string, Error, SendVariables>['mutateAsync']
}

/**
 * Has the connected Solana wallet sign and send a transaction; `data` is its signature (base58).
 * Balances of {@link useSolanaBalance} are read again once it is sent.
 * @example const { sendTransaction, data } = useSolanaSendTransaction(); sendTransaction({ transaction })
 */
export function useSolanaSendTransaction(
  parameters: SolanaHookParameters = {},
): UseSolanaSendTransactionReturnType {
  const adapter = useSolanaAdapter(parameters)
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationKey: [...solanaQueryKey, 'sendTransaction'],
    mutationFn: (variables: SendVariables) => adapter.signAndSendTransaction(variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solanaBalanceKey }),
  })
  return {
    ...mutation,
    sendTransaction: mutation.mutate,
    sendTransactionAsync: mutation.mutateAsync,
  }
}
