import { BuyInProgress } from '../views/BuyInProgress'
import { OnRampCountrySelect } from '../views/OnRampCountrySelect'
import { OnRampFiatSelect } from '../views/OnRampFiatSelect'
import { OnRampProviders } from '../views/OnRampProviders'
import { OnRampTokenSelect } from '../views/OnRampTokenSelect'

/** The on-ramp views, in the account chunk (see `AccountPanels.ts` and `onrampViewsChunk`). */
export const onrampViews = {
  OnRampProviders,
  OnRampFiatSelect,
  OnRampCountrySelect,
  OnRampTokenSelect,
  BuyInProgress,
}
