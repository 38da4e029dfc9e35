import { WalletSend } from '../views/WalletSend'
import { WalletSendPreview } from '../views/WalletSendPreview'
import { WalletSendSelectToken } from '../views/WalletSendSelectToken'

/** The send views, in the account chunk (see `AccountPanels.ts` and `sendViewsChunk`). */
export const sendViews = { WalletSend, WalletSendSelectToken, WalletSendPreview }
