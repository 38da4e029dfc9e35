import { type InfiniteData, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { TransactionsPage } from '../../src/account/accountDataClientTypes'
import { portfolioCacheMs } from '../../src/account/accountDataConstants'
import type { SentTransaction } from '../../src/account/createLocalActivity'
import { groupTransactions, type TransactionGroup } from '../../src/account/groupTransactions'
import type { TransactionsFetchError } from '../../src/errors/TransactionsFetchError'
import type { Transaction } from '../../src/schemas/accountData'
import { type AccountDataParameters, useAccountDataClient } from '../useAccountDataClient'
import type { AccountQueryResult } from '../useAccountQuery'
import { useAccountSource } from '../useAccountSource'
import { useAccountTarget } from '../useAccountTarget'
import { useCachedQueryState } from '../useCachedQueryState'

/** Parameters of {@link useActivity}. */
export interface UseActivityParameters extends AccountDataParameters {
  /** Transactions per page (1–100). @default the server's (20) */
  pageSize?: number | undefined
  /** Called once per failed page (SPEC §8: the modal emits ERROR_FETCH_TRANSACTIONS and toasts). */
  onError?: ((error: TransactionsFetchError) => void) | undefined
}

/** What {@link useActivity} returns: an infinite query's fields plus the list as shown. */
export interface UseActivityReturnType
  extends AccountQueryResult<
    InfiniteData<TransactionsPage, string | null>,
    TransactionsFetchError
  > {
  /** A page after the loaded ones exists (false after a failure: the cursor is cleared). */
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** Reads the next page by its cursor. */
  fetchNextPage(): Promise<void>
  /** Every loaded page's transactions, in order; empty after a failure (SPEC §8). */
  transactions: Transaction[]
  /** Grouped by year and month, newest first, only this chain, spam-only dropped (SPEC §5). */
  groups: TransactionGroup[]
  /** Records a transaction sent from the modal (the list without a data server). */
  record(sent: SentTransaction): void
}

type Pages = InfiniteData<TransactionsPage, string | null>

const nextCursor = (last: TransactionsPage) => last.next ?? undefined

const empty = { transactions: [] as Transaction[], groups: [] as TransactionGroup[] }

// The list as shown, per answer (the QueryClient keeps each answer's object as long as it holds
// it): a tab switch back to Activity reuses it instead of grouping 1,000 rows again.
const shownByData = new WeakMap<Pages, { chainId: number; list: typeof empty }>()

function shown(data: Pages, chainId: number): typeof empty {
  const cached = shownByData.get(data)
  if (cached?.chainId === chainId) return cached.list
  const transactions = data.pages.flatMap((page) => page.data)
  const list = {
    transactions,
    groups: groupTransactions(transactions, { chain: `eip155:${chainId}` }),
  }
  shownByData.set(data, { chainId, list })
  return list
}

/**
 * The account's activity, paged by cursor (`fetchNextPage`, `hasNextPage`): from the data
 * server's history, or the transactions sent from the modal without one. A failed page is a
 * `TransactionsFetchError` ('Failed to fetch transactions'): the list is then empty and there is
 * no next page (the cursor is cleared) until `refetch`, which reads from the first page again.
 * With neither `url` nor `tokens`, the provider's `chainData` option names the server. Pages are
 * kept 30 s (SPEC §9): a remount within that time reads nothing.
 * @example const { groups, fetchNextPage, hasNextPage } = useActivity({ url: 'https://wallet.example' })
 */
export function useActivity(parameters: UseActivityParameters = {}): UseActivityReturnType {
  const queryClient = useQueryClient()
  const client = useAccountDataClient(parameters)
  const { url } = useAccountSource(parameters)
  const { address, chainId, enabled } = useAccountTarget(parameters)
  const { pageSize } = parameters
  const queryKey = useMemo(
    () => [
      'latchkey',
      'activity',
      { address: address?.toLowerCase(), chainId, url: url ?? null, pageSize },
    ],
    [address, chainId, url, pageSize],
  )
  const state = useCachedQueryState<Pages, TransactionsFetchError>(queryKey)

  // through the QueryClient (infinite behaviour: pages by cursor), never a QueryObserver
  const load = useCallback(
    (pages?: number) =>
      queryClient
        .fetchInfiniteQuery<
          TransactionsPage,
          TransactionsFetchError,
          Pages,
          unknown[],
          string | null
        >({
          queryKey,
          queryFn: ({ pageParam }) =>
            client.getTransactions({
              address: address as string,
              chainId: chainId as number,
              cursor: pageParam,
              ...(pageSize !== undefined && { limit: pageSize }),
            }),
          initialPageParam: null,
          getNextPageParam: nextCursor,
          staleTime: pages ? 0 : portfolioCacheMs,
          retry: false,
          ...(pages && { pages }),
        })
        .then(
          () => undefined,
          () => undefined,
        ),
    [queryClient, queryKey, client, address, chainId, pageSize],
  )

  const missing = state === undefined
  // invalidated (a settled send, or the app's own invalidateQueries): read again while mounted,
  // as a QueryObserver would; not after a failure, which TanStack also marks invalidated (a
  // retry is the caller's `refetch`)
  const invalidated = state?.isInvalidated === true && state.status !== 'error'
  // biome-ignore lint/correctness/useExhaustiveDependencies: `missing` and `invalidated` ask again once the cache dropped or invalidated the query
  useEffect(() => {
    if (enabled) void load()
  }, [enabled, load, missing, invalidated])

  const failed = state?.status === 'error'
  const data = state?.data
  const last = data?.pages.at(-1)
  const hasNextPage = !failed && last !== undefined && nextCursor(last) !== undefined
  const fetchNextPage = useCallback(async () => {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true })
    if (!enabled || !query || !hasNextPage) return
    await query.fetch(undefined, { meta: { fetchMore: { direction: 'forward' } } }).catch(() => {})
  }, [queryClient, queryKey, enabled, hasNextPage])
  // after a failure the cursor is gone: a refetch reads from the first page only
  const refetch = useCallback(
    () => (enabled ? load(failed ? 1 : Math.max(1, data?.pages.length ?? 1)) : Promise.resolve()),
    [enabled, load, failed, data],
  )

  const onError = useRef(parameters.onError)
  onError.current = parameters.onError
  const error = state?.error ?? null
  // each failed fetch makes a new error object: one call per failure
  useEffect(() => {
    if (error) onError.current?.(error)
  }, [error])

  const { transactions, groups } = useMemo(
    () => (failed || !data || chainId === undefined ? empty : shown(data, chainId)),
    [failed, data, chainId],
  )
  const status = state?.status ?? 'pending'
  const isFetching = enabled && (missing || state?.fetchStatus === 'fetching')
  const fetchMore = (state?.fetchMeta as { fetchMore?: { direction?: string } } | null | undefined)
    ?.fetchMore
  return {
    data,
    dataUpdatedAt: state?.dataUpdatedAt ?? 0,
    error,
    status,
    isPending: status === 'pending',
    isLoading: status === 'pending' && isFetching,
    isFetching,
    isError: failed,
    isSuccess: status === 'success',
    refetch,
    hasNextPage,
    isFetchingNextPage: isFetching && fetchMore?.direction === 'forward',
    fetchNextPage,
    transactions,
    groups,
    record: (sent) => {
      client.recordTransaction(sent)
      if (!client.hasServer) void load(Math.max(1, data?.pages.length ?? 1))
    },
  }
}
