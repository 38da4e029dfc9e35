import type { TokenBalances } from '../../src/account/accountDataClientTypes'
import type { TokenBalanceUnavailableError } from '../../src/errors/TokenBalanceUnavailableError'
import type { AccountDataParameters } from '../useAccountDataClient'
import { type AccountQueryResult, useAccountQuery } from '../useAccountQuery'

/** Parameters of {@link useTokenBalances}. */
export type UseTokenBalancesParameters = AccountDataParameters

/** What {@link useTokenBalances} returns: the fields of a TanStack Query result wagmi's hooks use. */
export type UseTokenBalancesReturnType = AccountQueryResult<
  TokenBalances,
  TokenBalanceUnavailableError
>

/**
 * The account's native and token balances (SPEC §3 token balance entries): from the data server,
 * or from the chain (native plus `tokens`, one multicall) without one; with neither `url` nor
 * `tokens`, from the provider's `chainData` option. Cached 30 s; a failure is a
 * `TokenBalanceUnavailableError` ('Token Balance Unavailable') and reads within 30 s answer an
 * empty list marked `locked`. Tokens with decimals '0' are never listed.
 * @example const { data, error, isLoading, refetch } = useTokenBalances({ url: 'https://wallet.example' })
 */
export function useTokenBalances(
  parameters: UseTokenBalancesParameters = {},
): UseTokenBalancesReturnType {
  return useAccountQuery('tokenBalances', parameters, (client, query) =>
    client.getTokenBalances(query),
  )
}
