import type { NetworkInfo } from '../networks'

// Solscan serves every Solana cluster from one host; the cluster goes in the query string.
const solanaClusters: Readonly<Record<string, string>> = {
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
}

/** Block explorer page of an address on a network, or undefined when the network has no explorer. */
export function getExplorerAddressUrl(network: NetworkInfo, address: string): string | undefined {
  return getExplorerUrl(
    network,
    network.chainNamespace === 'solana' ? 'account' : 'address',
    address,
  )
}

/** Block explorer page of a transaction on a network, or undefined when the network has no explorer. */
export function getExplorerTransactionUrl(network: NetworkInfo, hash: string): string | undefined {
  return getExplorerUrl(network, 'tx', hash)
}

function getExplorerUrl(network: NetworkInfo, kind: string, value: string): string | undefined {
  if (!network.explorerUrl) return undefined
  const cluster = solanaClusters[network.caipNetworkId]
  const query = cluster ? `?cluster=${cluster}` : ''
  return `${network.explorerUrl}/${kind}/${encodeURIComponent(value)}${query}`
}
