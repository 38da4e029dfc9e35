import { AccountBalance } from './AccountBalance'
import { ActivityPanel } from './ActivityPanel'
import { NftsPanel } from './NftsPanel'
import { TokensPanel } from './TokensPanel'

/**
 * The Account tabs' panels and the header's balance reader: a chunk of their own, loaded when
 * Account first shows (see `accountPanelsChunk`).
 */
export const accountPanels = { TokensPanel, NftsPanel, ActivityPanel, AccountBalance }

/** The panels of the Account tabs, by tab, and the header's balance. */
export type AccountPanels = typeof accountPanels
