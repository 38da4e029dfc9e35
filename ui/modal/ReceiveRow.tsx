import { t } from '../locales/t'
import { ActionRow } from './ActionRow'
import { QrGlyph } from './qr/QrGlyph'

/** Account's Receive row in either namespace: opens that namespace's Receive view. */
export function ReceiveRow({ onClick }: { onClick(): void }) {
  return (
    <ActionRow
      icon={<QrGlyph size={16} />}
      label={t('account.receive')}
      testId="account-receive"
      opensView
      onClick={onClick}
    />
  )
}
