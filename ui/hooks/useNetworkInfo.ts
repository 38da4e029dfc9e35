import { useMemo } from 'react'
import { useChains } from 'wagmi'
import { getEvmNetwork } from '../../src/networks'
import { isSafeLinkUrl } from '../../src/utils/url'

/** How the UI shows an EVM network: name, icon, currency and explorer. */
export interface NetworkDisplay {
  chainId: number
  caipNetworkId: `eip155:${number}`
  name: string
  imageId?: string | undefined
  color?: string | undefined
  symbol: string
  decimals: number
  /** https block explorer base URL, if any. */
  explorerUrl?: string | undefined
  /** The chain is in the wagmi config. */
  supported: boolean
}

/** Display data for a chain id: the wagmi config's chain, completed by Latchkey's catalogue. */
export function useNetworkInfo(chainId: number | undefined): NetworkDisplay | undefined {
  const chains = useChains()
  return useMemo(() => {
    if (chainId === undefined) return undefined
    const chain = chains.find((c) => c.id === chainId)
    const known = getEvmNetwork(chainId)
    const explorer = chain?.blockExplorers?.default.url ?? known?.explorerUrl
    return {
      chainId,
      caipNetworkId: `eip155:${chainId}`,
      name: known?.name ?? chain?.name ?? `Chain ${chainId}`,
      imageId: known?.imageId,
      color: known?.color,
      symbol: chain?.nativeCurrency.symbol ?? known?.nativeCurrency.symbol ?? 'ETH',
      decimals: chain?.nativeCurrency.decimals ?? known?.nativeCurrency.decimals ?? 18,
      explorerUrl: isSafeLinkUrl(explorer) ? explorer.replace(/\/+$/, '') : undefined,
      supported: Boolean(chain),
    }
  }, [chainId, chains])
}
