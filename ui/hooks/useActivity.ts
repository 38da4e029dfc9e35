import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import type { TransactionsPage } from '../../src/account/accountDataClientTypes'
import { portfolioCacheMs } from '../../src/account/accountDataConstants'
import type { SentTransaction } from '../../src/account/createLocalActivity'
import { groupTransactions, type TransactionGroup } from '../../src/account/groupTransactions'
import type { TransactionsFetchError } from '../../src/errors/TransactionsFetchError'
import type { Transaction } from '../../src/schemas/accountData'
import { type AccountDataParameters, useAccountDataClient } from '../useAccountDataClient'
import { useAccountSource } from '../useAccountSource'
import { useAccountTarget } from '../useAccountTarget'

/** Parameters of {@link useActivity}. */
export interface UseActivityParameters extends AccountDataParameters {
  /** Transactions per page (1–100). @default the server's (20) */
  pageSize?: number | undefined
  /** Called once per failed page (SPEC §8: the modal emits ERROR_FETCH_TRANSACTIONS and toasts). */
  onError?: ((error: TransactionsFetchError) => void) | undefined
}

/** What {@link useActivity} returns: TanStack Query's infinite result plus the list as shown. */
export type UseActivityReturnType = UseInfiniteQueryResult<
  InfiniteData<TransactionsPage, string | null>,
  TransactionsFetchError
> & {
  /** Every loaded page's transactions, in order; empty after a failure (SPEC §8). */
  transactions: Transaction[]
  /** Grouped by year and month, newest first, only this chain, spam-only dropped (SPEC §5). */
  groups: TransactionGroup[]
  /** Records a transaction sent from the modal (the list without a data server). */
  record(sent: SentTransaction): void
}

/**
 * The account's activity, paged by cursor (`fetchNextPage`, `hasNextPage`): from the data
 * server's history, or the transactions sent from the modal without one. A failed page is a
 * `TransactionsFetchError` ('Failed to fetch transactions'): the list is then empty and there is
 * no next page (the cursor is cleared) until `refetch`. With neither `url` nor `tokens`, the
 * provider's `chainData` option names the server.
 * @example const { groups, fetchNextPage, hasNextPage } = useActivity({ url: 'https://wallet.example' })
 */
export function useActivity(parameters: UseActivityParameters = {}): UseActivityReturnType {
  const client = useAccountDataClient(parameters)
  const { url } = useAccountSource(parameters)
  const { address, chainId, enabled } = useAccountTarget(parameters)
  const { pageSize } = parameters
  const result = useInfiniteQuery<
    TransactionsPage,
    TransactionsFetchError,
    InfiniteData<TransactionsPage, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: [
      'latchkey',
      'activity',
      { address: address?.toLowerCase(), chainId, url: url ?? null, pageSize },
    ],
    queryFn: ({ pageParam }) =>
      client.getTransactions({
        address: address as string,
        chainId: chainId as number,
        cursor: pageParam,
        ...(pageSize !== undefined && { limit: pageSize }),
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
    retry: false,
    // a tab switch within 30 s shows the pages read (SPEC §9's portfolio lifetime), no refetch
    staleTime: portfolioCacheMs,
  })
  const onError = useRef(parameters.onError)
  onError.current = parameters.onError
  const { error } = result
  // each failed fetch makes a new error object: one call per failure
  useEffect(() => {
    if (error) onError.current?.(error)
  }, [error])
  const failed = result.status === 'error' || result.isFetchNextPageError
  const transactions = useMemo(
    () => (failed ? [] : (result.data?.pages.flatMap((page) => page.data) ?? [])),
    [failed, result.data],
  )
  const groups = useMemo(
    () =>
      chainId === undefined ? [] : groupTransactions(transactions, { chain: `eip155:${chainId}` }),
    [transactions, chainId],
  )
  return {
    ...result,
    hasNextPage: failed ? false : result.hasNextPage,
    transactions,
    groups,
    record: (sent) => {
      client.recordTransaction(sent)
      if (!client.hasServer) void result.refetch()
    },
  } as UseActivityReturnType
}
