import type { CaipNetworkId } from '../../../src/networks'
import { isSolanaAddress } from '../../../src/solana/solanaAddress'
import type { LinkedSolanaWalletContext } from '../../solana/linkedSolanaWallet'

/** What a WalletConnect wallet is asked to sign on Solana (WalletConnect's Solana RPC reference). */
export const solanaWalletConnectMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

/** A `solana` namespace of a proposal: CAIP-2 chains (`solana:` and the genesis hash's first 32). */
export interface SolanaNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/** Each cluster's Wallet Standard chain (`solana:devnet`) and CAIP-2 id, in the adapter's order. */
export interface SolanaChainIds {
  /** Wallet Standard chain → CAIP-2 id. */
  byChain: Map<string, CaipNetworkId>
  namespace: SolanaNamespace
}

/**
 * The adapter's clusters as a `solana` namespace, with each cluster's RPC URL in `rpcMap` (the
 * SDK's own default would be rpc.walletconnect.org). A cluster whose genesis hash cannot be read
 * now is left out; none readable gives an empty list of chains.
 */
export async function solanaChainIds(context: LinkedSolanaWalletContext): Promise<SolanaChainIds> {
  const read = await Promise.all(
    context.clusters.map((cluster) =>
      context.getCaipNetworkId(cluster.id).then(
        (id) => ({ cluster, id }),
        () => undefined,
      ),
    ),
  )
  const byChain = new Map<string, CaipNetworkId>()
  const rpcMap: Record<string, string> = {}
  for (const entry of read) {
    if (!entry || byChain.has(entry.cluster.chain)) continue
    byChain.set(entry.cluster.chain, entry.id)
    rpcMap[entry.id.slice('solana:'.length)] = entry.cluster.rpcUrl
  }
  return {
    byChain,
    namespace: {
      chains: [...new Set(byChain.values())],
      methods: [...solanaWalletConnectMethods],
      events: [],
      rpcMap,
    },
  }
}

/**
 * The Solana addresses a session approved on `chains` (CAIP-10 accounts), first seen first;
 * anything that is not a Solana address is dropped.
 */
export function solanaAccountsOf(
  namespaces: Record<string, { accounts?: readonly string[] } | undefined> | undefined,
  chains: ReadonlySet<string>,
): string[] {
  const accounts = namespaces?.solana?.accounts ?? []
  const addresses: string[] = []
  for (const account of accounts) {
    const cut = account.lastIndexOf(':')
    const address = account.slice(cut + 1)
    const known = chains.has(account.slice(0, cut))
    if (cut > 0 && known && isSolanaAddress(address) && !addresses.includes(address))
      addresses.push(address)
  }
  return addresses
}
