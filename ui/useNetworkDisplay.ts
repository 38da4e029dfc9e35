import { useMemo } from 'react'
import { useChains } from 'wagmi'
import { getEvmNetworkBadge } from '../src/networkIcons'

/** How the UI shows an EVM network: name, icon, currency and explorer. */
export interface NetworkDisplay {
  chainId: number
  caipNetworkId: `eip155:${number}`
  name: string
  imageId?: string | undefined
  color?: string | undefined
  symbol: string
  decimals: number
  /** https block explorer base URL, if any; only the modal's version (`useNetworkInfo`) fills it in. */
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
 * The button's version: `lookup` (the full catalogue, modal chunk only) fills in the currency of
 * chains the config does not describe; pass a module-level function (it is a memo dependency).
 * No explorer link: checking one takes the URL rules (`isSafeLinkUrl`), which the first bundle
 * leaves to the modal's `useNetworkInfo`.
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
    return {
      chainId,
      caipNetworkId: `eip155:${chainId}`,
      name: badge?.name ?? chain?.name ?? `Chain ${chainId}`,
      imageId: badge?.imageId,
      color: badge?.color,
      symbol: chain?.nativeCurrency.symbol ?? known?.nativeCurrency.symbol ?? 'ETH',
      decimals: chain?.nativeCurrency.decimals ?? known?.nativeCurrency.decimals ?? 18,
      supported: Boolean(chain),
    }
  }, [chainId, chains, lookup])
}
