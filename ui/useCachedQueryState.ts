import { hashKey, type QueryKey, type QueryState, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'

/**
 * A query's state in the app's QueryClient, followed with `useSyncExternalStore`: the account
 * hooks read and fetch through the client itself (as `useNativeBalance` does), never through
 * TanStack's QueryObserver, which a bundler would otherwise put into the page's first bundle as
 * soon as any lazy chunk used it (the modal's Account tabs do).
 */
export function useCachedQueryState<TData, TError>(
  queryKey: QueryKey,
): QueryState<TData, TError> | undefined {
  const queryClient = useQueryClient()
  const hash = hashKey(queryKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the key
  const key = useMemo(() => queryKey, [hash])
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange()
      }),
    [queryClient, hash],
  )
  const read = useCallback(() => queryClient.getQueryState<TData, TError>(key), [queryClient, key])
  return useSyncExternalStore(subscribe, read, read)
}
