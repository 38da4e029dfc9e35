/**
 * What the button shows of a known EVM network: display name, icon id and brand colour, keyed by
 * chain id. The full catalogue (`networks.ts`: currencies, explorers, Solana…) is built from this
 * table; the button reads only the table, so the catalogue stays in the modal chunk.
 */
export interface NetworkBadge {
  /** Display name, e.g. `BNB Smart Chain`. */
  name: string
  /** Our icon id; the UI maps it to a local icon. */
  imageId: string
  /** Brand colour for the generated icon. */
  color: string
}

function badge(name: string, imageId: string, color: string): NetworkBadge {
  return Object.freeze({ name, imageId, color })
}

/** Name, icon and colour of every EVM catalogue network, by chain id (SPEC §3). */
export const evmNetworkBadges = Object.freeze({
  1: badge('Ethereum', 'ethereum', '#627EEA'),
  11155111: badge('Sepolia', 'ethereum', '#627EEA'),
  17000: badge('Holesky', 'ethereum', '#627EEA'),
  10: badge('OP Mainnet', 'optimism', '#FF0420'),
  42161: badge('Arbitrum One', 'arbitrum', '#28A0F0'),
  137: badge('Polygon', 'polygon', '#8247E5'),
  42220: badge('Celo', 'celo', '#FCFF52'),
  1313161554: badge('Aurora', 'aurora', '#70D44B'),
  56: badge('BNB Smart Chain', 'bnb', '#F0B90B'),
  43114: badge('Avalanche', 'avalanche', '#E84142'),
  324: badge('ZKsync Era', 'zksync', '#1E69FF'),
  100: badge('Gnosis', 'gnosis', '#04795B'),
  8453: badge('Base', 'base', '#0052FF'),
  7777777: badge('Zora', 'zora', '#2B5DF0'),
} satisfies Record<number, NetworkBadge>)

/** A chain id of the table: the catalogue may name only these, checked by the compiler. */
export type KnownEvmChainId = keyof typeof evmNetworkBadges

/** Name, icon and colour of a known EVM chain id such as `56`. */
export function getEvmNetworkBadge(chainId: number): NetworkBadge | undefined {
  return Object.hasOwn(evmNetworkBadges, chainId)
    ? evmNetworkBadges[chainId as KnownEvmChainId]
    : undefined
}
