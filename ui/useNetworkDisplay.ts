import { useMemo } from 'react'
import { useChains } from 'wagmi'
import { getEvmNetworkBadge } from '../src/networkIcons'
import { isSafeLinkUrl } from '../src/utils/url'

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

/** What the full catalogue adds for a chain the wagmi config lacks or describes less. */
export interface NetworkFallback {
  nativeCurrency: { symbol: string; decimals: number }
  explorerUrl?: string | undefined
}

/**
 * Display data for a chain id from the wagmi config's chain and Latchkey's name/icon table.
 * The button's version: `lookup` (the full catalogue, modal chunk only) fills in the currency and
 * explorer of chains the config does not describe; pass a module-level function (it is a memo
 * dependency).
 */
export function useNetworkDisplay(
  chainId: number | undefined,
  lookup?: ((chainId: number) => NetworkFallback | undefined) | undefined,
): NetworkDisplay | undefined {
  const chains = useChains()
  return useMemo(() => {
    if (chainId === undefined) return undefined
    const chain = chains.find((c) => c.id === chainId)
    const badge = getEvmNetworkBadge(chainId)
    const known = lookup?.(chainId)
    const explorer = chain?.blockExplorers?.default.url ?? known?.explorerUrl
    return {
      chainId,
      caipNetworkId: `eip155:${chainId}`,
      name: badge?.name ?? chain?.name ?? `Chain ${chainId}`,
      imageId: badge?.imageId,
      color: badge?.color,
      symbol: chain?.nativeCurrency.symbol ?? known?.nativeCurrency.symbol ?? 'ETH',
      decimals: chain?.nativeCurrency.decimals ?? known?.nativeCurrency.decimals ?? 18,
      explorerUrl: isSafeLinkUrl(explorer) ? explorer.replace(/\/+$/, '') : undefined,
      supported: Boolean(chain),
    }
  }, [chainId, chains, lookup])
}
