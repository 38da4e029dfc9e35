import { type UseMutationResult, useMutation } from '@tanstack/react-query'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaQueryKey } from './solanaQueryKeys'

/** What {@link useSolanaDisconnect} returns: a TanStack mutation, with wagmi's names. */
export type UseSolanaDisconnectReturnType = UseMutationResult<void, Error, void> & {
  disconnect: UseMutationResult<void, Error, void>['mutate']
  disconnectAsync: UseMutationResult<void, Error, void>['mutateAsync']
}

/**
 * Disconnects the Solana wallet (the EVM connection is untouched); no reconnect after a reload.
 * @example const { disconnect } = useSolanaDisconnect()
 */
export function useSolanaDisconnect(
  parameters: SolanaHookParameters = {},
): UseSolanaDisconnectReturnType {
  const adapter = useSolanaAdapter(parameters)
  const mutation = useMutation({
    mutationKey: [...solanaQueryKey, 'disconnect'],
    mutationFn: () => adapter.disconnect(),
  })
  return { ...mutation, disconnect: mutation.mutate, disconnectAsync: mutation.mutateAsync }
}
