import { accountViews } from '../accountViews/AccountViews'
import { afterModal } from '../lazy/afterModal'
import type { ModalPartModules } from '../lazy/modalParts'
import { onrampViews } from '../onramp/OnrampViews'
import { sendViews } from '../send/SendViews'
import { swapViews } from '../swap/SwapViews'
import { AccountBalance } from './AccountBalance'
import { ActivityPanel } from './ActivityPanel'
import { NftsPanel } from './NftsPanel'
import { TokensPanel } from './TokensPanel'

/**
 * The account chunk: what a connected visitor reaches past Account itself, in one lazy chunk
 * loaded when Account first shows (see `accountPanelsChunk`, `accountViewsChunk`,
 * `sendViewsChunk`): the tabs' panels and the header's balance reader, the account views
 * (`accountViews`), the send views (`sendViews`), the swap views (`swapViews`) and the on-ramp views (`onrampViews`). One chunk, not three: each lazy chunk that
 * shares modules with the first bundle splits those into smaller chunks of their own, and the
 * three together cost the first bundle 1.3 KB gzip that way (and see `afterModal`).
 */
export const { accountPanels } = afterModal({
  accountPanels: { TokensPanel, NftsPanel, ActivityPanel, AccountBalance },
  accountViews,
  sendViews,
  swapViews,
  onrampViews,
} satisfies ModalPartModules['account'])

export { accountViews, onrampViews, sendViews, swapViews }
