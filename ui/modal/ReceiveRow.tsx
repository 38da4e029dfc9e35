import { t } from '../locales/t'
import { ChevronIcon } from './icons'
import { QrGlyph } from './qr/QrGlyph'

/** Account's Receive row in either namespace: opens that namespace's Receive view. */
export function ReceiveRow({ onClick }: { onClick(): void }) {
  return (
    <button
      type="button"
      data-lk-row=""
      data-size="sm"
      data-testid="account-receive"
      onClick={onClick}
    >
      <span data-lk-row-icon="" aria-hidden="true">
        <QrGlyph size={16} />
      </span>
      <span data-lk-row-label="">{t('account.receive')}</span>
      <ChevronIcon size={14} />
    </button>
  )
}
