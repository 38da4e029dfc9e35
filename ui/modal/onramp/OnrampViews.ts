import { BuyInProgress } from '../views/BuyInProgress'
import { OnRampFiatSelect } from '../views/OnRampFiatSelect'
import { OnRampProviders } from '../views/OnRampProviders'
import { OnRampTokenSelect } from '../views/OnRampTokenSelect'

/** The on-ramp views, in the account chunk (see `AccountPanels.ts` and `onrampViewsChunk`). */
export const onrampViews = { OnRampProviders, OnRampFiatSelect, OnRampTokenSelect, BuyInProgress }
