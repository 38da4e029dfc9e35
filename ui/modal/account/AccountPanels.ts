import { AccountBalance } from './AccountBalance'
import { ActivityPanel } from './ActivityPanel'
import { NftsPanel } from './NftsPanel'
import { TokensPanel } from './TokensPanel'

export { accountViews } from '../accountViews/AccountViews'
export { sendViews } from '../send/SendViews'

/**
 * The account chunk: what a connected visitor reaches past Account itself, in one lazy chunk
 * loaded when Account first shows (see `accountPanelsChunk`, `accountViewsChunk`,
 * `sendViewsChunk`): the tabs' panels and the header's balance reader, the account views
 * (`accountViews`) and the send views (`sendViews`). One chunk, not three: each lazy chunk that
 * shares modules with the first bundle splits those into smaller chunks of their own, and the
 * three together cost the first bundle 1.3 KB gzip that way.
 */
export const accountPanels = { TokensPanel, NftsPanel, ActivityPanel, AccountBalance }

/** The panels of the Account tabs, by tab, and the header's balance. */
export type AccountPanels = typeof accountPanels
