import { t } from '../locales/t'
import { ActionRow } from './ActionRow'
import { SendGlyph } from './send/SendGlyph'

/**
 * Account's Send row in either namespace: opens that namespace's send view. `onPreload`: the
 * pointer or focus is on it (the EVM send views start loading then).
 */
export function SendRow({ onClick, onPreload }: { onClick(): void; onPreload?(): void }) {
  return (
    <ActionRow
      icon={<SendGlyph size={16} />}
      label={t('account.send')}
      testId="account-send"
      opensView
      onClick={onClick}
      onPreload={onPreload}
    />
  )
}
