import { type ReactNode, useState } from 'react'
import { EmptyState } from '../EmptyState'
import { CheckIcon } from '../icons'
import { SearchField } from '../SearchField'
import { tOnramp } from './tOnramp'

/** One row of an on-ramp pick list: a code, its mark, its names, an optional amount. */
export interface OnRampPickItem {
  code: string
  mark: ReactNode
  label: string
  sub?: string | undefined
  amount?: string | undefined
}

/**
 * A searchable list of the on-ramp's select views (currencies, countries): the item in use marked,
 * a pick reported to `onPick`. `matches` decides what a search keeps.
 */
export function OnRampPickList(props: {
  searchLabel: string
  /** `data-testid` of the list; each row's is `onramp-<row>-<code>`. */
  listTestId: string
  row: string
  items: OnRampPickItem[]
  current: string | undefined
  matches(item: OnRampPickItem, needle: string): boolean
  onPick(code: string): void
}) {
  const { searchLabel, listTestId, row, items, current, matches, onPick } = props
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const shown = needle ? items.filter((item) => matches(item, needle)) : items
  return (
    <div data-lk-send-tokens="" data-lk-onramp-select="">
      <SearchField label={searchLabel} value={query} onChange={setQuery} />
      {shown.length === 0 ? (
        <EmptyState title={tOnramp('onramp.noMatch')} />
      ) : (
        <ul data-lk-list="" data-testid={listTestId}>
          {shown.map((item) => {
            const active = item.code === current
            return (
              <li key={item.code}>
                <button
                  type="button"
                  data-lk-row=""
                  data-lk-send-token-row=""
                  data-testid={`onramp-${row}-${item.code}`}
                  data-active={active ? '' : undefined}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => onPick(item.code)}
                >
                  <span data-lk-onramp-fiat="" aria-hidden="true">
                    {item.mark}
                  </span>
                  <span data-lk-send-token-names="">
                    <span data-lk-row-label="">{item.label}</span>
                    {item.sub !== undefined && <span data-lk-send-token-symbol="">{item.sub}</span>}
                  </span>
                  {item.amount !== undefined && <span data-lk-token-amount="">{item.amount}</span>}
                  {active && <CheckIcon size={16} />}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
