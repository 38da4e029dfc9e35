import { type Chain, createPublicClient, defineChain, http, type PublicClient } from 'viem'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'

/** A configured chain and its viem client (RPC transport, retries and batching are viem's). */
export interface ChainClient {
  chain: Chain
  client: PublicClient
}

/** The chains this server signs and forwards for. */
export interface ChainClients {
  /** Configured chain ids, ascending. */
  ids(): number[]
  /** The client of a chain; throws `ChainNotSupportedError` when it is not configured. */
  get(chainId: number): ChainClient
}

/** Makes one viem public client per configured chain RPC URL. */
export function createChainClients(rpcUrls: Record<string, string>): ChainClients {
  const clients = new Map<number, ChainClient>()
  for (const [id, url] of Object.entries(rpcUrls)) {
    const chain = defineChain({
      id: Number(id),
      name: `Chain ${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    })
    clients.set(chain.id, { chain, client: createPublicClient({ chain, transport: http(url) }) })
  }
  return {
    ids: () => [...clients.keys()].sort((a, b) => a - b),
    get(chainId) {
      const entry = clients.get(chainId)
      if (!entry) throw new ChainNotSupportedError({ chainId })
      return entry
    },
  }
}
