import { t } from '../locales/t'
import { ChevronIcon } from './icons'
import { SendGlyph } from './send/SendGlyph'

/**
 * Account's Send row in either namespace: opens that namespace's send view. `onPreload`: the
 * pointer or focus is on it (the EVM send views start loading then).
 */
export function SendRow({ onClick, onPreload }: { onClick(): void; onPreload?(): void }) {
  return (
    <button
      type="button"
      data-lk-row=""
      data-size="sm"
      data-testid="account-send"
      onClick={onClick}
      onPointerEnter={onPreload}
      onFocus={onPreload}
    >
      <span data-lk-row-icon="" aria-hidden="true">
        <SendGlyph size={16} />
      </span>
      <span data-lk-row-label="">{t('account.send')}</span>
      <ChevronIcon size={14} />
    </button>
  )
}
