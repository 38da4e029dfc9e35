import { Networks } from '../views/Networks'
import { Receive } from '../views/Receive'
import { UnsupportedChain } from '../views/UnsupportedChain'

/**
 * The views reached from a connected account (network switch, receive) and the unsupported-chain
 * view: in the account chunk (see `AccountPanels.ts`), so the modal's first open carries only the
 * connect views and Account.
 */
export const accountViews = { Networks, UnsupportedChain, Receive }
