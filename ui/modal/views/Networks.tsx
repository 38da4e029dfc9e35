import { NetworkList } from '../NetworkList'
import { useNetworkSwitch } from '../useNetworkSwitch'

/** The Networks view: pick a configured chain to switch to. */
export function Networks() {
  const { switchTo, pendingChainId } = useNetworkSwitch()
  return (
    <div data-lk-networks="">
      <NetworkList onSelect={switchTo} pendingChainId={pendingChainId} />
    </div>
  )
}
