import type { SolanaTokenBalance } from '../../connectors/solana/solanaAdapterTypes'
import type { CommitmentInput } from '../../src/solana/commitment'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaBalanceKey } from './solanaQueryKeys'
import { useSolanaAccount } from './useSolanaAccount'
import { type SolanaQueryResult, useSolanaQuery } from './useSolanaQuery'

/** Parameters of {@link useSolanaTokenBalances}. */
export interface UseSolanaTokenBalancesParameters extends SolanaHookParameters {
  /** @default the connected account */
  address?: string | undefined
  /** @default the adapter's `commitment` */
  commitment?: CommitmentInput | undefined
  /** @default true */
  enabled?: boolean | undefined
}

/** What {@link useSolanaTokenBalances} returns: the fields of a TanStack Query result that wagmi's hooks use. */
export type UseSolanaTokenBalancesReturnType = SolanaQueryResult<readonly SolanaTokenBalance[]>

/**
 * The SPL token balances (Token and Token-2022) of an address (the connected account by default)
 * on the current cluster, one per mint, named from the adapter's `tokens`; read again when the
 * account or cluster changes and after a send (they share the balance key).
 * @example const { data } = useSolanaTokenBalances() // data?.[0] → { mint, amount, decimals, symbol, name }
 */
export function useSolanaTokenBalances(
  parameters: UseSolanaTokenBalancesParameters = {},
): UseSolanaTokenBalancesReturnType {
  const adapter = useSolanaAdapter(parameters)
  const account = useSolanaAccount({ adapter })
  const address = parameters.address ?? account.address
  const { commitment, enabled = true } = parameters
  return useSolanaQuery(
    [
      ...solanaBalanceKey,
      'tokens',
      account.cluster.id,
      account.cluster.rpcUrl,
      address ?? '',
      commitment ?? '',
    ],
    enabled && address !== undefined,
    () => adapter.getTokenBalances({ address, commitment }),
  )
}
