import { useId, useMemo, useRef, useState } from 'react'
import type { WalletItem } from '../../../src/wallets/types'
import { useWallets } from '../../hooks/useWallets'
import { t } from '../../locales/t'
import { EmptyState } from '../EmptyState'
import { SearchIcon } from '../icons'
import { useVirtualRows } from '../useVirtualRows'
import { WalletRow } from '../WalletRow'

/** Fixed row height of the virtual list, in px (row 52 + gap 4; kept in step with styles.css). */
export const walletRowHeight = 56

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

/** Every wallet, searchable by name; only the visible rows are in the DOM. */
export function AllWallets() {
  const { wallets, connect } = useWallets()
  const [query, setQuery] = useState('')
  const viewport = useRef<HTMLDivElement>(null)
  const searchId = useId()

  // lower-cased once per list, not once per wallet and keystroke
  const names = namesOf(wallets)
  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase()
    return needle ? wallets.filter((_, index) => names[index]?.includes(needle)) : wallets
  }, [wallets, names, query])

  const { start, end, totalHeight, scrollTop } = useVirtualRows({
    viewport,
    count: filtered.length,
    rowHeight: walletRowHeight,
  })

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
        {t('allWallets.count', { count: filtered.length })}
      </p>
      <div ref={viewport} data-lk-virtual="">
        {filtered.length === 0 ? (
          <EmptyState title={t('allWallets.empty')} />
        ) : (
          <ul data-lk-virtual-list="" style={{ height: totalHeight }}>
            {filtered.slice(start, end).map((wallet, offset) => {
              const index = start + offset
              return (
                <li
                  key={wallet.id}
                  aria-setsize={filtered.length}
                  aria-posinset={index + 1}
                  style={{ transform: `translateY(${index * walletRowHeight}px)` }}
                >
                  <WalletRow wallet={wallet} onSelect={connect} />
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </div>
  )
}
