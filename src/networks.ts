import { evmNetworkBadges, type KnownEvmChainId } from './networkIcons'

/** Chain namespaces Latchkey knows, in CAIP-2 spelling. */
export const chainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const

/**
 * A CAIP-2 chain namespace.
 * @see https://chainagnostic.org/CAIPs/caip-2
 */
export type ChainNamespace = (typeof chainNamespaces)[number]

/**
 * A CAIP-2 chain id, e.g. `eip155:1`.
 * @see https://chainagnostic.org/CAIPs/caip-2
 */
export type CaipNetworkId = `${string}:${string}`

/** A network Latchkey can show: name, currency, icon and explorer. */
export interface NetworkInfo {
  /** Chain id: a number for eip155, the genesis hash prefix for solana. */
  id: number | string
  /** CAIP-2 id, e.g. `eip155:1`. */
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  /** Display name, e.g. `BNB Smart Chain`. */
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Our icon id; the UI maps it to a local icon. */
  imageId: string
  /** Brand colour for the generated icon. */
  color: string
  /** Block explorer base URL (https, no trailing slash). */
  explorerUrl?: string | undefined
  testnet?: boolean | undefined
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }

// An EVM network's name, icon and colour come from the button's table (networkIcons.ts); a chain
// missing from it does not compile.
function known(id: KnownEvmChainId) {
  const badge = evmNetworkBadges[id]
  return { name: badge.name, imageId: badge.imageId, color: badge.color }
}

function evm(
  id: KnownEvmChainId,
  explorerUrl: string,
  extra: Partial<NetworkInfo> = {},
): NetworkInfo {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    ...known(id),
    nativeCurrency: ether,
    explorerUrl,
    ...extra,
  }
}

function solana(id: string, name: string, testnet: boolean): NetworkInfo {
  return {
    id,
    caipNetworkId: `solana:${id}`,
    chainNamespace: 'solana',
    name,
    nativeCurrency: sol,
    imageId: 'solana',
    color: '#9945FF',
    explorerUrl: 'https://solscan.io',
    ...(testnet ? { testnet } : {}),
  }
}

/** The network catalogue (SPEC §3 "Supported networks"); names and currencies follow viem's chains. */
export const networks: readonly NetworkInfo[] = Object.freeze(
  [
    evm(1, 'https://etherscan.io'),
    evm(11155111, 'https://sepolia.etherscan.io', {
      nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
      testnet: true,
    }),
    evm(17000, 'https://holesky.etherscan.io', {
      nativeCurrency: { name: 'Holesky Ether', symbol: 'ETH', decimals: 18 },
      testnet: true,
    }),
    evm(10, 'https://optimistic.etherscan.io'),
    evm(42161, 'https://arbiscan.io'),
    evm(137, 'https://polygonscan.com', {
      nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    }),
    evm(42220, 'https://celoscan.io', {
      nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
    }),
    evm(1313161554, 'https://aurorascan.dev'),
    evm(56, 'https://bscscan.com', {
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    }),
    evm(43114, 'https://snowtrace.io', {
      nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    }),
    evm(324, 'https://explorer.zksync.io'),
    evm(100, 'https://gnosisscan.io', {
      nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
    }),
    evm(8453, 'https://basescan.org'),
    evm(7777777, 'https://explorer.zora.energy'),
    solana('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', false),
    solana('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', true),
    solana('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', true),
  ].map(freeze),
)

// The catalogue is shared by every provider on the page: nobody may change it.
function freeze(network: NetworkInfo): NetworkInfo {
  return Object.freeze({ ...network, nativeCurrency: Object.freeze({ ...network.nativeCurrency }) })
}

/** The catalogue entry for a CAIP-2 id such as `eip155:56`, if known. */
export function getNetwork(caipNetworkId: string): NetworkInfo | undefined {
  return networks.find((network) => network.caipNetworkId === caipNetworkId)
}

/** The catalogue entry for an EVM chain id such as `56`, if known. */
export function getEvmNetwork(chainId: number): NetworkInfo | undefined {
  return getNetwork(`eip155:${chainId}`)
}
