import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { AccountDataClient, AccountQuery } from '../src/account/accountDataClientTypes'
import { portfolioCacheMs } from '../src/account/accountDataConstants'
import { type AccountDataParameters, useAccountDataClient } from './useAccountDataClient'
import { useAccountSource } from './useAccountSource'
import { useAccountTarget } from './useAccountTarget'
import { useCachedQueryState } from './useCachedQueryState'

/** What the account hooks return: the fields of a TanStack Query result that wagmi's hooks use. */
export interface AccountQueryResult<TData, TError> {
  data: TData | undefined
  /** When `data` was read (ms since the epoch); 0 before the first answer. */
  dataUpdatedAt: number
  error: TError | null
  status: 'pending' | 'error' | 'success'
  /** No answer yet. */
  isPending: boolean
  /** No answer yet and a read running. */
  isLoading: boolean
  /** A read is running (the first, or a refetch). */
  isFetching: boolean
  isError: boolean
  isSuccess: boolean
  /** Reads again, past the data client's cache (not its retry lock). */
  refetch(): Promise<void>
}

/**
 * What `useTokenBalances` and `useNfts` share: one query per kind, account, chain and source in
 * the app's QueryClient, read through the shared data client (its cache and retry lock); kept
 * 30 s (SPEC §9), so a remount within that time reads nothing.
 */
export function useAccountQuery<TData, TError>(
  kind: string,
  parameters: AccountDataParameters,
  read: (client: AccountDataClient, query: AccountQuery) => Promise<TData>,
): AccountQueryResult<TData, TError> {
  const queryClient = useQueryClient()
  const client = useAccountDataClient(parameters)
  const { url } = useAccountSource(parameters)
  const { address, chainId, enabled } = useAccountTarget(parameters)
  const queryKey = useMemo(
    () => ['latchkey', kind, { address: address?.toLowerCase(), chainId, url: url ?? null }],
    [kind, address, chainId, url],
  )
  const state = useCachedQueryState<TData, TError>(queryKey)
  const readRef = useRef(read)
  readRef.current = read

  const fetch = useCallback(
    (fresh: boolean) =>
      queryClient
        .fetchQuery<TData, TError>({
          queryKey,
          queryFn: () =>
            readRef.current(client, {
              address: address as string,
              chainId: chainId as number,
              fresh,
            }),
          staleTime: fresh ? 0 : portfolioCacheMs,
          retry: false,
        })
        .then(
          () => undefined,
          () => undefined,
        ),
    [queryClient, queryKey, client, address, chainId],
  )

  const missing = state === undefined
  // invalidated (a settled send, or the app's own invalidateQueries): read again while mounted,
  // as a QueryObserver would; not after a failure, which TanStack also marks invalidated (a
  // retry is the caller's `refetch`)
  const invalidated = state?.isInvalidated === true && state.status !== 'error'
  // biome-ignore lint/correctness/useExhaustiveDependencies: `missing` and `invalidated` ask again once the cache dropped or invalidated the query
  useEffect(() => {
    if (enabled) void fetch(false)
  }, [enabled, fetch, missing, invalidated])

  const refetch = useCallback(() => (enabled ? fetch(true) : Promise.resolve()), [enabled, fetch])
  const status = state?.status ?? 'pending'
  const isFetching = enabled && state?.fetchStatus === 'fetching'
  return {
    data: state?.data,
    dataUpdatedAt: state?.dataUpdatedAt ?? 0,
    error: state?.error ?? null,
    status,
    isPending: status === 'pending',
    isLoading: status === 'pending' && (isFetching || (enabled && missing)),
    isFetching: isFetching || (enabled && missing),
    isError: status === 'error',
    isSuccess: status === 'success',
    refetch,
  }
}
