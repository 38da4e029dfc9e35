import { t } from '../locales/t'
import { ActionRow } from './ActionRow'
import { Svg } from './Svg'

/** A card: the Buy action. */
const CardGlyph = ({ size = 16 }: { size?: number | undefined }) => (
  <Svg size={size}>
    <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10h18M7 15h4" />
  </Svg>
)

/** Account's Buy row: opens OnRampProviders. `onPreload`: the pointer or focus is on it. */
export function OnrampRow({ onClick, onPreload }: { onClick(): void; onPreload?(): void }) {
  return (
    <ActionRow
      icon={<CardGlyph size={16} />}
      label={t('account.buy')}
      testId="account-buy"
      opensView
      onClick={onClick}
      onPreload={onPreload}
    />
  )
}
