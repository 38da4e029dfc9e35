import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { afterPaint } from './afterPaint'
import { useCachedQueryState } from './useCachedQueryState'

/** The fields of a TanStack Query result that wagmi's hooks use: what the read hooks return. */
export interface ClientQueryResult<TData, TError> {
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
  /** Reads again, past the cache (`fresh`). */
  refetch(): Promise<void>
}

/**
 * One read in the app's QueryClient, fetched through the client and followed with
 * `useSyncExternalStore` (`useCachedQueryState`), never through TanStack's QueryObserver, which a
 * bundler would put into every app's first bundle once a lazy chunk used it. A read younger than
 * `staleMs` is reused by a remount; read again when the cache dropped or invalidated the query
 * (a settled send, the app's own `invalidateQueries`), not after a failure (TanStack also marks
 * that invalidated; a retry is the caller's `refetch`).
 */
export function useClientQuery<TData, TError>(
  queryKey: QueryKey,
  enabled: boolean,
  read: (fresh: boolean) => Promise<TData>,
  staleMs: number,
): ClientQueryResult<TData, TError> {
  const queryClient = useQueryClient()
  const hash = hashKey(queryKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the key
  const key = useMemo(() => queryKey, [hash])
  const state = useCachedQueryState<TData, TError>(key)
  const readRef = useRef(read)
  readRef.current = read

  const fetch = useCallback(
    (fresh: boolean) =>
      queryClient
        .fetchQuery<TData, TError>({
          queryKey: key,
          queryFn: () => readRef.current(fresh),
          staleTime: fresh ? 0 : staleMs,
          retry: false,
        })
        .then(
          () => undefined,
          () => undefined,
        ),
    [queryClient, key, staleMs],
  )

  const missing = state === undefined
  // Only an answer is invalidated: TanStack marks a failed read invalidated too and, when it is
  // asked again with no answer, puts it back to 'pending' while it runs; read as invalidated, each
  // failure would start the next read at once (a storm against a server saying 429).
  const invalidated = state?.isInvalidated === true && state.status === 'success'
  const shown = state?.status === 'success' && !invalidated
  // biome-ignore lint/correctness/useExhaustiveDependencies: `missing` and `invalidated` ask again once the cache dropped or invalidated the query
  useEffect(() => {
    if (!enabled) return
    // With an answer to show, a stale one's refetch waits for the frame after this paint: the
    // open of a view never carries a read (a 200-token portfolio is ~2 ms) or a fetch() call.
    if (!shown) return void fetch(false)
    return afterPaint(() => void fetch(false))
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
