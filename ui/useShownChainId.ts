import { useSyncExternalStore } from 'react'
import { useConfig } from 'wagmi'
import { getSwitchingChain, shownChainId, watchSwitchingChain } from './switchingChain'

/**
 * The chain id to show for the connection's `chainId`: never one a later switch already
 * replaced while that switch is in progress (plan F6; see {@link shownChainId}).
 */
export function useShownChainId(chainId: number | undefined): number | undefined {
  const config = useConfig()
  const switching = useSyncExternalStore(
    (listener) => watchSwitchingChain(config, listener),
    () => getSwitchingChain(config),
    () => undefined,
  )
  return shownChainId(chainId, switching)
}
