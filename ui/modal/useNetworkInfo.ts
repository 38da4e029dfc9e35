import { getEvmNetwork } from '../../src/networks'
import { type NetworkDisplay, useNetworkDisplay } from '../useNetworkDisplay'

export type { NetworkDisplay } from '../useNetworkDisplay'

/**
 * Display data for a chain id: the wagmi config's chain, completed by Latchkey's catalogue.
 * The modal's version; the button uses {@link useNetworkDisplay}, which leaves the catalogue
 * (currencies, explorers) out of the page's first bundle.
 */
export function useNetworkInfo(chainId: number | undefined): NetworkDisplay | undefined {
  return useNetworkDisplay(chainId, getEvmNetwork)
}
