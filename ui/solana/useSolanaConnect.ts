import { type UseMutationResult, useMutation } from '@tanstack/react-query'
import type { SolanaWallet } from '../../connectors/solana/solanaWallets'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaQueryKey } from './solanaQueryKeys'
import { useSolanaWallets } from './useSolanaWallets'

type ConnectData = { address: string; addresses: readonly string[] }
type ConnectVariables = { wallet: string }

/** What {@link useSolanaConnect} returns: a TanStack mutation, with wagmi's names. */
export type UseSolanaConnectReturnType = UseMutationResult<ConnectData, Error, ConnectVariables> & {
  /** Connects a wallet by name; errors land in `error`. */
  connect: UseMutationResult<ConnectData, Error, ConnectVariables>['mutate']
  /** Connects a wallet by name; resolves to its accounts or rejects. */
  connectAsync: UseMutationResult<ConnectData, Error, ConnectVariables>['mutateAsync']
  /** The wallets to offer, installed first (as {@link useSolanaWallets}). */
  wallets: readonly SolanaWallet[]
}

/**
 * Connects a Solana wallet by name (the wallet may prompt). A decline is viem's
 * `UserRejectedRequestError` in `error`.
 * @example const { wallets, connect } = useSolanaConnect(); connect({ wallet: wallets[0].name })
 */
export function useSolanaConnect(
  parameters: SolanaHookParameters = {},
): UseSolanaConnectReturnType {
  const adapter = useSolanaAdapter(parameters)
  const wallets = useSolanaWallets({ adapter })
  const mutation = useMutation({
    mutationKey: [...solanaQueryKey, 'connect'],
    mutationFn: (variables: ConnectVariables) => adapter.connect(variables),
  })
  return { ...mutation, connect: mutation.mutate, connectAsync: mutation.mutateAsync, wallets }
}
