import { useMemo } from 'react'
import { useChains } from 'wagmi'
import { getEvmNetwork } from '../../src/networks'
import { isSafeLinkUrl } from '../../src/utils/url'
import { type NetworkDisplay, useNetworkDisplay } from '../useNetworkDisplay'

export type { NetworkDisplay } from '../useNetworkDisplay'

/**
 * Display data for a chain id: the wagmi config's chain, completed by Latchkey's catalogue, with
 * its block explorer (https only). The modal's version; the button uses {@link useNetworkDisplay},
 * which leaves the catalogue (currencies, explorers) and the URL rules out of the first bundle.
 */
export function useNetworkInfo(chainId: number | undefined): NetworkDisplay | undefined {
  const display = useNetworkDisplay(chainId, getEvmNetwork)
  const chains = useChains()
  return useMemo(() => {
    if (!display) return undefined
    const chain = chains.find((c) => c.id === display.chainId)
    const explorer =
      chain?.blockExplorers?.default.url ?? getEvmNetwork(display.chainId)?.explorerUrl
    const explorerUrl = isSafeLinkUrl(explorer) ? explorer.replace(/\/+$/, '') : undefined
    return { ...display, explorerUrl }
  }, [display, chains])
}
