import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import type { AccountDataClient, AccountQuery } from '../src/account/accountDataClientTypes'
import { portfolioCacheMs } from '../src/account/accountDataConstants'
import { type AccountDataParameters, useAccountDataClient } from './useAccountDataClient'
import { useAccountSource } from './useAccountSource'
import { useAccountTarget } from './useAccountTarget'

/**
 * The core of `useTokenBalances` and `useNfts`: one TanStack query per kind, account, chain and
 * source, read through the shared data client (its cache and retry lock); `refetch` skips the
 * client's cache (not its retry lock), so a Retry really asks again.
 */
export function useAccountQuery<TData, TError>(
  kind: string,
  parameters: AccountDataParameters,
  read: (client: AccountDataClient, query: AccountQuery) => Promise<TData>,
): UseQueryResult<TData, TError> {
  const client = useAccountDataClient(parameters)
  const { url } = useAccountSource(parameters)
  const { address, chainId, enabled } = useAccountTarget(parameters)
  const fresh = useRef(false)
  const result = useQuery<TData, TError>({
    queryKey: ['latchkey', kind, { address: address?.toLowerCase(), chainId, url: url ?? null }],
    queryFn: () => {
      const skipCache = fresh.current
      fresh.current = false
      return read(client, {
        address: address as string,
        chainId: chainId as number,
        fresh: skipCache,
      })
    },
    enabled,
    retry: false,
    // the data client keeps answers 30 s (SPEC §9): a remount within that time needs no read
    staleTime: portfolioCacheMs,
  })
  const { refetch: refetchQuery } = result
  const refetch = useCallback<UseQueryResult<TData, TError>['refetch']>(
    (options) => {
      fresh.current = true
      return refetchQuery(options)
    },
    [refetchQuery],
  )
  return { ...result, refetch } as UseQueryResult<TData, TError>
}
