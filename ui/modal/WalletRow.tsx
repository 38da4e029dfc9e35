import { memo } from 'react'
import type { WalletItem } from '../../src/wallets/types'
import { WalletIcon } from '../components/WalletIcon'
import { t } from '../locales/t'

/** Props of {@link WalletRow}. */
export interface WalletRowProps {
  wallet: WalletItem
  onSelect(wallet: WalletItem): void
}

/**
 * One wallet: icon, name (as text) and an Installed or Recent tag. Memoized: a search keystroke
 * re-renders only the rows whose wallet changed.
 */
export const WalletRow = memo(function WalletRow({ wallet, onSelect }: WalletRowProps) {
  const tag =
    wallet.group === 'recent'
      ? t('connect.recent')
      : wallet.installed
        ? t('connect.installed')
        : undefined
  return (
    <button
      type="button"
      data-lk-row=""
      data-testid={`wallet-${wallet.rdns ?? wallet.id}`}
      onClick={() => onSelect(wallet)}
    >
      <WalletIcon name={wallet.name} icon={wallet.icon} size={36} />
      <span data-lk-row-label="">{wallet.name}</span>
      {tag && (
        <span data-lk-tag="" data-tone={wallet.group === 'recent' ? 'muted' : 'success'}>
          {tag}
        </span>
      )}
    </button>
  )
})
