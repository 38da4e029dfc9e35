import { type Chain, createPublicClient, custom, defineChain, type PublicClient } from 'viem'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'
import type { ResolvedServerOptions } from '../options'
import type { ChainTransport, ChainTransportOptions } from './chainTransportTypes'
import { createChainTransport } from './createChainTransport'

/** A configured chain, its transport (deadlines, retries, budget) and a viem client on top of it. */
export interface ChainClient {
  chain: Chain
  /** viem's public client; its requests go through `transport` (viem's own retries are off). */
  client: PublicClient
  transport: ChainTransport
  /** Per lower-case address: this process's next nonce and the hashes it sent (see `nextNonce`). */
  nonces: Map<string, { next: number; hashes: Map<number, `0x${string}`> }>
}

/** The chains this server signs and forwards for. */
export interface ChainClients {
  /** Configured chain ids, ascending. */
  ids(): number[]
  /** The client of a chain; throws `ChainNotSupportedError` when it is not configured. */
  get(chainId: number): ChainClient
}

/** The `rpc` option's defaults, for callers that build clients without parsed server options. */
export const defaultChainTransportOptions: ResolvedServerOptions['rpc'] = {
  timeoutMs: 10_000,
  retries: 3,
  backoffMs: 150,
  maxRetryAfterMs: 30_000,
  maxResponseBytes: 10 * 1024 * 1024,
  requestsPerSecond: 20,
  burst: 20,
  batchSize: 10,
  reconcileMs: 6_000,
}

/** Makes one transport and viem public client per configured chain RPC URL. */
export function createChainClients(
  rpcUrls: Record<string, string>,
  options: Partial<ChainTransportOptions> = {},
): ChainClients {
  const settings = { ...defaultChainTransportOptions, ...options }
  const clients = new Map<number, ChainClient>()
  for (const [id, url] of Object.entries(rpcUrls)) {
    const chain = defineChain({
      id: Number(id),
      name: `Chain ${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    })
    const transport = createChainTransport(url, settings)
    const client = createPublicClient({
      chain,
      // EIP-3668 off-chain lookups name their own URLs: a contract a visitor picks (an ERC-1271
      // wallet at sign-in, a token) could make the server fetch any host, inside its network too.
      ccipRead: false,
      transport: custom(
        {
          request: ({ method, params }, requestOptions?: { signal?: AbortSignal }) =>
            transport.request(method, params, { signal: requestOptions?.signal }),
        },
        { retryCount: 0 },
      ),
    }) as PublicClient
    clients.set(chain.id, { chain, client, transport, nonces: new Map() })
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
