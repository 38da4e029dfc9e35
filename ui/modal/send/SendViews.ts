import { WalletSend } from '../views/WalletSend'
import { WalletSendPreview } from '../views/WalletSendPreview'
import { WalletSendSelectToken } from '../views/WalletSendSelectToken'

/** The send views: a chunk of their own, loaded when one first shows (see `sendViewsChunk`). */
export const sendViews = { WalletSend, WalletSendSelectToken, WalletSendPreview }
