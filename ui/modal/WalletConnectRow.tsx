import type { WalletItem } from '../../src/wallets/types'
import { t } from '../locales/t'
import { QrGlyph } from './qr/QrGlyph'

/** Props of {@link WalletConnectRow}. */
export interface WalletConnectRowProps {
  wallet: WalletItem
  onSelect(wallet: WalletItem): void
}

/** The WalletConnect row of the Connect view: pairs any mobile wallet, tagged QR CODE. */
export function WalletConnectRow({ wallet, onSelect }: WalletConnectRowProps) {
  return (
    <button
      type="button"
      data-lk-row=""
      data-testid="wallet-walletConnect"
      onClick={() => onSelect(wallet)}
    >
      <span data-lk-wc-row-icon="" aria-hidden="true">
        <QrGlyph size={22} />
      </span>
      <span data-lk-row-label="">{wallet.name}</span>
      <span data-lk-tag="" data-tone="accent">
        {t('wc.tag')}
      </span>
    </button>
  )
}
