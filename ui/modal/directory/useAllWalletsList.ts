import { useEffect, useMemo, useState } from 'react'
import type { DirectoryWallet } from '../../../src/directory/directoryWallet'
import { isListed, walletKeys } from '../../../src/directory/mergeDirectoryWallets'
import { toWalletItem } from '../../../src/directory/toWalletItem'
import { hasMoreWallets } from '../../../src/machines/walletDirectory'
import type { WalletItem } from '../../../src/wallets/types'
import type { DirectorySetup } from './useDirectory'
import { useWalletDirectory } from './useWalletDirectory'

// Lower-cased names per wallet list, kept across mounts as the list is (useWallets).
const lowerNames = new WeakMap<readonly WalletItem[], string[]>()

function namesOf(wallets: readonly WalletItem[]): string[] {
  let names = lowerNames.get(wallets)
  if (!names) {
    names = wallets.map((w) => w.name.toLowerCase())
    lowerNames.set(wallets, names)
  }
  return names
}

/** Rows held for the first page while nothing is known of the directory. */
export const firstPagePlaceholders = 8

/** Where the directory part of All Wallets stands (`ready` also when there is no directory). */
export type AllWalletsStatus = 'ready' | 'loading' | 'failed'

/** What {@link useAllWalletsList} returns. */
export interface AllWalletsList {
  /** The rows to show: the app's own wallets that match, then the directory's. */
  rows: WalletItem[]
  /** How many of `rows` are the app's own (the rest come from the directory). */
  localCount: number
  /** Rows of the directory not read yet, drawn as placeholders after `rows`. */
  pending: number
  status: AllWalletsStatus
  error: Error | undefined
  /** Whether the next page may be asked for (not searching, no failure, more to read). */
  canLoadMore: boolean
  loadMore(): void
  /** Asks again what failed: the page, or the search. */
  retry(): void
}

/**
 * The All Wallets list: the app's wallets filtered by name at once, and with a directory its
 * wallets below them, read page by page (placeholders stand for the rest, so the scrollbar tells
 * the truth) or searched 300 ms after the last key. Directory wallets that are already listed, or
 * excluded by the host (same id or rdns), are left out.
 */
export function useAllWalletsList(
  wallets: readonly WalletItem[],
  query: string,
  directory: DirectorySetup | undefined,
): AllWalletsList {
  const { state, store } = useWalletDirectory(directory)
  const needle = query.trim().toLowerCase()
  const searching = needle !== ''
  useEffect(() => store?.search(query), [store, query])

  // one row object per directory wallet, so memoized rows render once
  const [items] = useState(() => new WeakMap<DirectoryWallet, WalletItem>())
  // only with a directory (its rows are checked against them): a thousand local wallets cost no Set
  const keys = useMemo(() => {
    if (!directory) return undefined
    const listed = walletKeys(wallets)
    for (const id of directory.hidden) listed.add(id)
    return listed
  }, [wallets, directory])
  // lower-cased once per list, not once per wallet and keystroke
  const names = namesOf(wallets)
  const local = useMemo(
    () => (searching ? wallets.filter((_, index) => names[index]?.includes(needle)) : wallets),
    [wallets, names, needle, searching],
  )
  const source = searching ? state.search.wallets : state.wallets
  const rows = useMemo(() => {
    if (!directory || !keys || source.length === 0) return local as WalletItem[]
    const fromDirectory: WalletItem[] = []
    for (const wallet of source) {
      // an answer for the previous query stays until the new one arrives: keep what still matches
      if (searching && !wallet.name.toLowerCase().includes(needle)) continue
      let item = items.get(wallet)
      if (!item) {
        item = toWalletItem(wallet, directory.client.getWalletImageUrl(wallet))
        items.set(wallet, item)
      }
      if (!isListed(keys, item)) fromDirectory.push(item)
    }
    return [...local, ...fromDirectory]
  }, [directory, source, local, searching, needle, items, keys])

  if (!directory)
    return {
      rows,
      localCount: local.length,
      pending: 0,
      status: 'ready',
      error: undefined,
      canLoadMore: false,
      loadMore() {},
      retry() {},
    }

  const { search } = state
  const status: AllWalletsStatus = searching
    ? search.status === 'failed'
      ? 'failed'
      : search.status === 'ready'
        ? 'ready'
        : 'loading'
    : state.status === 'failed'
      ? 'failed'
      : state.status === 'ready'
        ? 'ready'
        : 'loading'
  const pending =
    searching || state.status === 'failed'
      ? 0
      : state.count === undefined
        ? firstPagePlaceholders
        : Math.max(0, state.count - state.wallets.length)
  return {
    rows,
    localCount: local.length,
    pending,
    status,
    error: searching ? search.error : state.error,
    canLoadMore: !searching && state.status !== 'failed' && hasMoreWallets(state),
    loadMore: () => store?.loadMore(),
    retry: () => (searching ? store?.search(query) : store?.retry()),
  }
}
