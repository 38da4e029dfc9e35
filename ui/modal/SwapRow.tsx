import { t } from '../locales/t'
import { ActionRow } from './ActionRow'
import { Svg } from './Svg'

/** Two arrows the opposite ways: the Swap action. */
const SwapGlyph = ({ size = 16 }: { size?: number | undefined }) => (
  <Svg size={size}>
    <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />
  </Svg>
)

/** Account's Swap row: opens Swap. `onPreload`: the pointer or focus is on it. */
export function SwapRow({ onClick, onPreload }: { onClick(): void; onPreload?(): void }) {
  return (
    <ActionRow
      icon={<SwapGlyph size={16} />}
      label={t('account.swap')}
      testId="account-swap"
      opensView
      onClick={onClick}
      onPreload={onPreload}
    />
  )
}
