import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { t } from '../locales/t'
import type { LocaleKey } from '../locales/types'
import { accountPanelsChunk } from './account/loadAccountPanels'
import { SkeletonRows } from './account/SkeletonRows'
import { useLazyChunk } from './lazy/useLazyChunk'
import type { NetworkDisplay } from './useNetworkInfo'

/** Props of {@link AccountTabs}. */
export interface AccountTabsProps {
  network: NetworkDisplay | undefined
}

const tabs = [
  { id: 'tokens', label: 'account.tab.tokens' },
  { id: 'nfts', label: 'account.tab.nfts' },
  { id: 'activity', label: 'account.tab.activity' },
] as const satisfies readonly { id: string; label: LocaleKey }[]

type TabId = (typeof tabs)[number]['id']

/**
 * Tokens, NFTs and Activity tabs (WAI-ARIA tabs: arrow keys move between tabs), each panel read
 * from the host's `chainData` source through the headless hooks.
 */
export function AccountTabs({ network }: AccountTabsProps) {
  const [selected, setSelected] = useState<TabId>('tokens')
  const baseId = useId()
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const { value: panels } = useLazyChunk(accountPanelsChunk)

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    const target =
      event.key === 'Home'
        ? tabs[0]
        : event.key === 'End'
          ? tabs[tabs.length - 1]
          : step
            ? tabs[(index + step + tabs.length) % tabs.length]
            : undefined
    if (!target) return
    event.preventDefault()
    setSelected(target.id)
    refs.current[target.id]?.focus()
  }

  return (
    <div data-lk-tabs="">
      <div role="tablist" aria-label={t('account.tabs')} data-lk-tablist="" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[tab.id] = element
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            data-testid={`tab-${tab.id}`}
            onClick={() => setSelected(tab.id)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${selected}`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        data-lk-tabpanel=""
        data-tab={selected}
      >
        {!panels ? (
          <SkeletonRows rows={3} testId="panel-loading" />
        ) : selected === 'tokens' ? (
          <panels.TokensPanel network={network} />
        ) : selected === 'nfts' ? (
          <panels.NftsPanel />
        ) : (
          <panels.ActivityPanel />
        )}
      </div>
    </div>
  )
}
