import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import type { TokenBalances } from '../../src/account/accountDataClientTypes'
import type { TokenBalanceUnavailableError } from '../../src/errors/TokenBalanceUnavailableError'
import { type AccountDataParameters, useAccountDataClient } from '../useAccountDataClient'
import { useAccountTarget } from '../useAccountTarget'

/** Parameters of {@link useTokenBalances}. */
export type UseTokenBalancesParameters = AccountDataParameters

/** What {@link useTokenBalances} returns: TanStack Query's result, as wagmi's hooks do. */
export type UseTokenBalancesReturnType = UseQueryResult<TokenBalances, TokenBalanceUnavailableError>

/**
 * The account's native and token balances (SPEC §3 token balance entries): from the data server,
 * or from the chain (native plus `tokens`, one multicall) without one. Cached 30 s; a failure is
 * a `TokenBalanceUnavailableError` ('Token Balance Unavailable') and reads within 30 s answer an
 * empty list marked `locked`. Tokens with decimals '0' are never listed.
 * @example const { data, error, isLoading, refetch } = useTokenBalances({ url: 'https://wallet.example' })
 */
export function useTokenBalances(
  parameters: UseTokenBalancesParameters = {},
): UseTokenBalancesReturnType {
  const client = useAccountDataClient(parameters)
  const { address, chainId, enabled } = useAccountTarget(parameters)
  const fresh = useRef(false)
  const result = useQuery<TokenBalances, TokenBalanceUnavailableError>({
    queryKey: [
      'latchkey',
      'tokenBalances',
      { address: address?.toLowerCase(), chainId, url: parameters.url ?? null },
    ],
    queryFn: () => {
      const skipCache = fresh.current
      fresh.current = false
      return client.getTokenBalances({
        address: address as string,
        chainId: chainId as number,
        fresh: skipCache,
      })
    },
    enabled,
    retry: false,
  })
  const { refetch: refetchQuery } = result
  const refetch = useCallback<UseTokenBalancesReturnType['refetch']>(
    (options) => {
      fresh.current = true
      return refetchQuery(options)
    },
    [refetchQuery],
  )
  return { ...result, refetch } as UseTokenBalancesReturnType
}
