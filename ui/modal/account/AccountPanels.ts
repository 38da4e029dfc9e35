import { ActivityPanel } from './ActivityPanel'
import { NftsPanel } from './NftsPanel'
import { TokensPanel } from './TokensPanel'

/** The Account tabs' panels: a chunk of their own, loaded when Account first shows (see `loadAccountPanels`). */
export const accountPanels = { TokensPanel, NftsPanel, ActivityPanel }

/** The panels of the Account tabs, by tab. */
export type AccountPanels = typeof accountPanels
