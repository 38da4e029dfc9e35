import { Swap } from '../views/Swap'
import { SwapPreview } from '../views/SwapPreview'
import { SwapSelectToken } from '../views/SwapSelectToken'

/** The swap views, in the account chunk (see `AccountPanels.ts` and `swapViewsChunk`). */
export const swapViews = { Swap, SwapSelectToken, SwapPreview }
