import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useCachedQueryState } from '../useCachedQueryState'

/** What the Solana read hooks return: the fields of a TanStack Query result that wagmi's hooks use. */
export interface SolanaQueryResult<TData> {
  data: TData | undefined
  /** When `data` was read (ms since the epoch); 0 before the first answer. */
  dataUpdatedAt: number
  error: Error | null
  status: 'pending' | 'error' | 'success'
  isPending: boolean
  /** No answer yet and a read running. */
  isLoading: boolean
  /** A read is running (the first, or a refetch). */
  isFetching: boolean
  isError: boolean
  isSuccess: boolean
  /** Reads again, past the cache. */
  refetch(): Promise<void>
}

/** How long a read is reused by a remount (SPEC §9: balances 30 s); `refetch` always reads. */
const staleMs = 30_000

/**
 * One read of the Solana hooks in the app's QueryClient, fetched through the client and followed
 * with `useSyncExternalStore` (see `useCachedQueryState`): the modal's Solana views use these
 * hooks, and TanStack's QueryObserver in a lazy chunk would join every app's first bundle. Read
 * again when invalidated (a send invalidates the balances).
 */
export function useSolanaQuery<TData>(
  queryKey: QueryKey,
  enabled: boolean,
  read: () => Promise<TData>,
): SolanaQueryResult<TData> {
  const queryClient = useQueryClient()
  const hash = hashKey(queryKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the key
  const key = useMemo(() => queryKey, [hash])
  const state = useCachedQueryState<TData, Error>(key)
  const readRef = useRef(read)
  readRef.current = read

  const fetch = useCallback(
    (fresh: boolean) =>
      queryClient
        .fetchQuery<TData, Error>({
          queryKey: key,
          queryFn: () => readRef.current(),
          staleTime: fresh ? 0 : staleMs,
          retry: false,
        })
        .then(
          () => undefined,
          () => undefined,
        ),
    [queryClient, key],
  )

  const missing = state === undefined
  const invalidated = state?.isInvalidated === true && state.status !== 'error'
  // biome-ignore lint/correctness/useExhaustiveDependencies: `missing` and `invalidated` ask again once the cache dropped or invalidated the query
  useEffect(() => {
    if (enabled) void fetch(false)
  }, [enabled, fetch, missing, invalidated])

  const refetch = useCallback(() => (enabled ? fetch(true) : Promise.resolve()), [enabled, fetch])
  const status = state?.status ?? 'pending'
  const isFetching = enabled && (state?.fetchStatus === 'fetching' || missing)
  return {
    data: state?.data,
    dataUpdatedAt: state?.dataUpdatedAt ?? 0,
    error: state?.error ?? null,
    status,
    isPending: status === 'pending',
    isLoading: status === 'pending' && isFetching,
    isFetching,
    isError: status === 'error',
    isSuccess: status === 'success',
    refetch,
  }
}
