import { InvalidSolanaClusterError } from '../errors/InvalidSolanaClusterError'
import type { CaipNetworkId } from '../networks'

/** The clusters Solana runs publicly, by their Wallet Standard names. */
export type KnownSolanaClusterId = 'mainnet' | 'devnet' | 'testnet'

/** A Solana cluster the adapter can read from and ask wallets to sign for. */
export interface SolanaCluster {
  /** `mainnet`, `devnet`, `testnet`, or the host's own id (e.g. `localnet`). */
  id: string
  /** Display name, e.g. `Solana Devnet`. */
  name: string
  /** JSON-RPC (HTTP) URL balances, blockhashes and fallback sends go to. */
  rpcUrl: string
  /**
   * The Wallet Standard chain wallets sign for.
   * @see https://github.com/anza-xyz/wallet-standard/blob/master/packages/core/chains/src/index.ts
   */
  chain: `solana:${string}`
  /** CAIP-2 id (genesis-hash prefix), for the three public clusters. */
  caipNetworkId?: CaipNetworkId | undefined
}

/**
 * A cluster as the host names it: a public one by id (its public RPC URL), or any cluster by URL.
 * A known id with an `rpcUrl` keeps its chain and name and reads from that URL instead.
 * @example ['mainnet', { id: 'devnet', rpcUrl: 'https://rpc.example/devnet' }, { id: 'localnet', rpcUrl: 'http://127.0.0.1:8899' }]
 */
export type SolanaClusterInput =
  | KnownSolanaClusterId
  | {
      id: string
      rpcUrl: string
      /** @default the known cluster's name, else the id */
      name?: string | undefined
      /** @default `solana:<id>` */
      chain?: `solana:${string}` | undefined
    }

/** The three public clusters with their public RPC URLs (rate-limited: give your own for production). */
export const solanaClusters: Readonly<Record<KnownSolanaClusterId, SolanaCluster>> = Object.freeze({
  mainnet: Object.freeze({
    id: 'mainnet',
    name: 'Solana',
    rpcUrl: 'https://api.mainnet-beta.solana.com',
    chain: 'solana:mainnet',
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  }),
  devnet: Object.freeze({
    id: 'devnet',
    name: 'Solana Devnet',
    rpcUrl: 'https://api.devnet.solana.com',
    chain: 'solana:devnet',
    caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  }),
  testnet: Object.freeze({
    id: 'testnet',
    name: 'Solana Testnet',
    rpcUrl: 'https://api.testnet.solana.com',
    chain: 'solana:testnet',
    caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  }),
})

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/
const chainPattern = /^solana:[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/

function isKnown(id: string): id is KnownSolanaClusterId {
  return Object.hasOwn(solanaClusters, id)
}

function checkUrl(id: string, rpcUrl: unknown): string {
  let url: URL | undefined
  try {
    url = typeof rpcUrl === 'string' ? new URL(rpcUrl) : undefined
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username)
    throw new InvalidSolanaClusterError({ cluster: id, reason: 'rpcUrl must be an http(s) URL' })
  return rpcUrl as string
}

function resolveOne(input: SolanaClusterInput): SolanaCluster {
  if (typeof input === 'string') {
    if (isKnown(input)) return solanaClusters[input]
    throw new InvalidSolanaClusterError({
      cluster: input,
      reason: 'a cluster given by name must be mainnet, devnet or testnet',
    })
  }
  const id = (input as { id?: unknown } | null)?.id
  if (typeof id !== 'string' || !idPattern.test(id))
    throw new InvalidSolanaClusterError({
      cluster: id,
      reason: 'the id must be 1–32 letters, digits, - or _',
    })
  const rpcUrl = checkUrl(id, input.rpcUrl)
  const known = isKnown(id) ? solanaClusters[id] : undefined
  const chain = input.chain ?? known?.chain ?? `solana:${id}`
  if (!chainPattern.test(chain))
    throw new InvalidSolanaClusterError({
      cluster: id,
      reason: 'chain must look like solana:<name>',
    })
  const name = typeof input.name === 'string' && input.name ? input.name : (known?.name ?? id)
  return Object.freeze({ id, name, rpcUrl, chain, caipNetworkId: known?.caipNetworkId })
}

/**
 * Checks the host's cluster list and fills in the public clusters' URLs and chains.
 * @throws InvalidSolanaClusterError for an empty list, a duplicate id, a bad id, URL or chain
 * @default ['mainnet', 'devnet', 'testnet']
 */
export function resolveSolanaClusters(
  inputs: readonly SolanaClusterInput[] = ['mainnet', 'devnet', 'testnet'],
): readonly SolanaCluster[] {
  if (!Array.isArray(inputs) || inputs.length === 0)
    throw new InvalidSolanaClusterError({ cluster: '', reason: 'give at least one cluster' })
  const clusters = inputs.map(resolveOne)
  const ids = new Set<string>()
  for (const { id } of clusters) {
    if (ids.has(id))
      throw new InvalidSolanaClusterError({ cluster: id, reason: 'the id is given twice' })
    ids.add(id)
  }
  return Object.freeze(clusters)
}
