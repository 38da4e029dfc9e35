import { type Chain, defineChain } from 'viem'

/** A viem chain for a local node: just the id and the loopback RPC URL. */
export function localChain(id: number, rpcUrl: string): Chain {
  return defineChain({
    id,
    name: `Local ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

/** `eip155:56` → 56; `undefined` for anything else. */
export function chainIdOf(caip2: string): number | undefined {
  const match = /^eip155:(\d+)$/.exec(caip2)
  return match?.[1] ? Number(match[1]) : undefined
}
