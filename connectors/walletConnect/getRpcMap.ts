import type { Chain, Transport } from 'viem'

function absoluteHttpUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    // Relative transport URLs (`/rpc/1`) resolve against the page, when there is one.
    const base = (globalThis as { location?: { href?: string } }).location?.href
    const parsed = new URL(url, base)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

function transportUrl(transport: Transport | undefined, chain: Chain): string | undefined {
  if (!transport) return undefined
  try {
    const { value } = transport({ chain })
    const nested = value?.transports as ReturnType<Transport>[] | undefined
    const first = nested?.[0]?.value?.url ?? value?.url
    return typeof first === 'string' ? first : undefined
  } catch {
    return undefined
  }
}

/**
 * The HTTP RPC URL the WalletConnect provider uses per chain for non-wallet methods: the host's
 * `rpcMap` first, then the wagmi transport's URL, then the chain's default. Every configured
 * chain gets one, so the SDK never falls back to `rpc.walletconnect.org`.
 */
export function getRpcMap({
  chains,
  transports,
  rpcMap = {},
}: {
  chains: readonly Chain[]
  transports?: Record<number, Transport> | undefined
  rpcMap?: Record<number, string> | undefined
}): Record<number, string> {
  const map: Record<number, string> = {}
  for (const chain of chains) {
    const url =
      absoluteHttpUrl(rpcMap[chain.id]) ??
      absoluteHttpUrl(transportUrl(transports?.[chain.id], chain)) ??
      absoluteHttpUrl(chain.rpcUrls.default.http[0])
    if (url) map[chain.id] = url
  }
  return map
}
