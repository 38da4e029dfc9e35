import { useEffect, useId, useRef, useState } from 'react'
import { useWallets } from '../../hooks/useWallets'
import { t } from '../../locales/t'
import { DirectoryNotice } from '../directory/DirectoryNotice'
import { PlaceholderRow } from '../directory/PlaceholderRow'
import { useAllWalletsList } from '../directory/useAllWalletsList'
import { useDirectory } from '../directory/useDirectory'
import { EmptyState } from '../EmptyState'
import { SearchIcon } from '../icons'
import { useVirtualRows } from '../useVirtualRows'
import { WalletRow } from '../WalletRow'

/** Fixed row height of the virtual list, in px (row 52 + gap 4; kept in step with styles.css). */
export const walletRowHeight = 56

/** The next page is asked for when the visible rows come this close to the last one read. */
const loadAheadRows = 10

/**
 * Every wallet, searchable by name; only the visible rows are in the DOM. With a `directory`, its
 * wallets follow the app's own, read page by page as the list scrolls and searched by the
 * directory; a directory that cannot be read shows its error and a retry, never an empty list.
 */
export function AllWallets() {
  const { wallets, connect } = useWallets()
  const directory = useDirectory()
  const [query, setQuery] = useState('')
  const viewport = useRef<HTMLDivElement>(null)
  const searchId = useId()
  const list = useAllWalletsList(wallets, query, directory)
  const { rows, pending, status, canLoadMore, loadMore } = list
  const total = rows.length + pending

  const { start, end, totalHeight, scrollTop } = useVirtualRows({
    viewport,
    count: total,
    rowHeight: walletRowHeight,
  })
  // pages are read in order; the effect runs again after each one while rows are still missing
  useEffect(() => {
    if (canLoadMore && end + loadAheadRows >= rows.length) loadMore()
  }, [canLoadMore, end, rows.length, loadMore])

  const settled = status === 'ready' && pending === 0
  return (
    <div data-lk-all-wallets="">
      <div data-lk-search="">
        <SearchIcon />
        <label htmlFor={searchId} data-lk-sr-only="">
          {t('allWallets.search')}
        </label>
        <input
          id={searchId}
          data-testid="wallet-search"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('allWallets.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            // a new search starts at the top of its results; writing scrollTop forces a layout,
            // so only when the list is scrolled (known without reading the DOM)
            if (scrollTop > 0 && viewport.current) viewport.current.scrollTop = 0
          }}
        />
      </div>
      <p data-lk-sr-only="" aria-live="polite">
        {/* a count only once it is known: a directory still loading or failed is not "0 wallets" */}
        {status === 'failed' || (status === 'loading' && rows.length === 0)
          ? ''
          : t('allWallets.count', { count: total })}
      </p>
      <div
        ref={viewport}
        data-lk-virtual=""
        data-testid="all-wallets-list"
        data-status={status}
        aria-busy={status === 'loading'}
      >
        {total === 0 && settled ? (
          <EmptyState title={t('allWallets.empty')} />
        ) : total > 0 ? (
          <ul data-lk-virtual-list="" style={{ height: totalHeight }}>
            {Array.from({ length: end - start }, (_, offset) => {
              const index = start + offset
              const wallet = rows[index]
              const style = { transform: `translateY(${index * walletRowHeight}px)` }
              return wallet ? (
                <li
                  key={index < list.localCount ? wallet.id : `directory:${wallet.id}`}
                  aria-setsize={total}
                  aria-posinset={index + 1}
                  style={style}
                >
                  <WalletRow wallet={wallet} onSelect={connect} />
                </li>
              ) : (
                <li key={`pending:${index}`} aria-hidden="true" style={style}>
                  <PlaceholderRow />
                </li>
              )
            })}
          </ul>
        ) : null}
        <DirectoryNotice
          status={status}
          searching={query.trim() !== ''}
          placeholders={pending > 0}
          onRetry={list.retry}
        />
      </div>
    </div>
  )
}
