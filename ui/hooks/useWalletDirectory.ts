import { useCallback, useEffect, useMemo } from 'react'
import type { DirectoryWallet } from '../../src/directory/directoryWallet'
import { type DirectoryState, hasMoreWallets } from '../../src/machines/walletDirectory'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useDirectorySetup } from '../modal/directory/useDirectory'
import { useWalletDirectory as useDirectoryStore } from '../modal/directory/useWalletDirectory'

/** Parameters of {@link useWalletDirectory}. */
export interface UseWalletDirectoryParameters {
  /**
   * Searches the directory by name (100 entries, 300 ms after the last change, SPEC §9); empty:
   * the directory's pages of 40, in its order. @default ''
   */
  search?: string | undefined
  /** False: nothing is asked. @default true */
  enabled?: boolean | undefined
}

/** What {@link useWalletDirectory} gives as `data`. */
export interface WalletDirectoryData {
  /** The wallets read so far (the search's, when searching), the host's filters applied. */
  wallets: DirectoryWallet[]
  /** How many the directory holds (the search: how many it found). */
  count: number
}

/**
 * What {@link useWalletDirectory} returns, shaped like TanStack Query's infinite query results
 * that wagmi's hooks give: `data`, `error`, `status`, page controls.
 */
export interface UseWalletDirectoryReturnType {
  data: WalletDirectoryData | undefined
  /** Why the last read failed (never shown as "0 wallets"). */
  error: Error | null
  /** `pending` until the first answer (forever without a directory: see `isEnabled`). */
  status: 'pending' | 'error' | 'success'
  /** `fetching` while a page or the search is asked (or waits its 300 ms). */
  fetchStatus: 'fetching' | 'idle'
  isPending: boolean
  isLoading: boolean
  isSuccess: boolean
  isError: boolean
  /** False when the host set no `directory` (or `enabled: false`): nothing is asked. */
  isEnabled: boolean
  /** The directory holds wallets not read yet (never while searching: a search is one answer). */
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** Reads the next page of 40 (images of its first 20 are fetched ahead). */
  fetchNextPage(): void
  /** Asks again what failed: the page, or the search. */
  refetch(): void
  /** The URL of a wallet's image (the directory's image route, or its https/data: URL). */
  getImageUrl(wallet: DirectoryWallet): string | undefined
}

type Shape = Pick<UseWalletDirectoryReturnType, 'data' | 'error' | 'status' | 'fetchStatus'>

/** The list (or the search) of the directory state as a query result. */
function toResult(state: DirectoryState, searching: boolean): Shape {
  if (searching) {
    const { search } = state
    const fetching = search.status === 'waiting' || search.status === 'loading'
    if (search.status === 'failed')
      return { data: undefined, error: search.error ?? null, status: 'error', fetchStatus: 'idle' }
    if (search.status === 'ready')
      return {
        data: { wallets: search.wallets, count: search.wallets.length },
        error: null,
        status: 'success',
        fetchStatus: 'idle',
      }
    return {
      data: undefined,
      error: null,
      status: 'pending',
      fetchStatus: fetching ? 'fetching' : 'idle',
    }
  }
  const fetchStatus = state.loadingPage !== undefined ? 'fetching' : 'idle'
  const data =
    state.page > 0
      ? { wallets: state.wallets, count: state.count ?? state.wallets.length }
      : undefined
  if (state.status === 'failed')
    return { data, error: state.error ?? null, status: 'error', fetchStatus }
  return { data, error: null, status: data ? 'success' : 'pending', fetchStatus }
}

/**
 * The host's wallet directory (the `directory` option: `latchkey serve --directory` or any
 * compatible one), page by page or searched, with the host's include, exclude and chain filters:
 * what the All Wallets view lists. Loads the modal's chunk (which holds the validated options)
 * when used outside the modal. Without a directory nothing is asked and `isEnabled` is false.
 * @example
 * const { data, fetchNextPage, hasNextPage } = useWalletDirectory({ search: query })
 */
export function useWalletDirectory(
  parameters: UseWalletDirectoryParameters = {},
): UseWalletDirectoryReturnType {
  const { parts, loadParts } = useLatchkeyContext()
  useEffect(() => {
    if (!parts) loadParts().catch(() => {})
  }, [parts, loadParts])
  const setup = useDirectorySetup(parts?.options)
  const enabled = parameters.enabled !== false && setup !== undefined
  const { state, store } = useDirectoryStore(enabled ? setup : undefined)
  const query = parameters.search?.trim() ?? ''
  const searching = query !== ''
  // The first page as soon as there is a store; the search follows the parameter.
  useEffect(() => store?.loadMore(), [store])
  useEffect(() => store?.search(query), [store, query])
  const fetchNextPage = useCallback(() => store?.loadMore(), [store])
  const refetch = useCallback(() => {
    if (!store) return
    if (searching) store.search(query)
    else store.retry()
  }, [store, searching, query])
  const getImageUrl = useCallback(
    (wallet: DirectoryWallet) => setup?.client.getWalletImageUrl(wallet),
    [setup],
  )
  return useMemo(() => {
    const result = toResult(state, searching)
    return {
      ...result,
      isPending: result.status === 'pending',
      isLoading: result.status === 'pending' && result.fetchStatus === 'fetching',
      isSuccess: result.status === 'success',
      isError: result.status === 'error',
      isEnabled: enabled,
      hasNextPage: enabled && !searching && state.status !== 'failed' && hasMoreWallets(state),
      isFetchingNextPage: !searching && state.page > 0 && state.loadingPage !== undefined,
      fetchNextPage,
      refetch,
      getImageUrl,
    }
  }, [state, searching, enabled, fetchNextPage, refetch, getImageUrl])
}
