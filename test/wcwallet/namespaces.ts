import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import type { Address } from 'viem'
import { solanaWalletMethods } from './handleSolanaRequest'

/** Methods the test wallet serves. */
export const walletMethods = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]

/** Events the test wallet emits. */
export const walletEvents = ['chainChanged', 'accountsChanged']

/**
 * The `eip155` namespace the wallet approves: every chain it has an RPC URL for, its one
 * account on each, and all its methods and events, whatever subset the dapp asked for (a
 * wallet may approve more than requested; core checks required namespaces are covered).
 * @see https://specs.walletconnect.com/2.0/specs/clients/sign/namespaces
 */
export function approvedNamespaces(
  proposal: ProposalTypes.Struct,
  chainIds: number[],
  address: Address,
  solana?: { address: string; chains: readonly string[] },
): SessionTypes.Namespaces {
  const requested = [
    ...Object.keys(proposal.requiredNamespaces ?? {}),
    ...Object.keys(proposal.optionalNamespaces ?? {}),
  ]
  const supported = (key: string) =>
    key === 'eip155' || key.startsWith('eip155:') || (solana !== undefined && key === 'solana')
  const foreign = requested.filter((key) => !supported(key))
  const required = Object.keys(proposal.requiredNamespaces ?? {})
  if (required.some((key) => foreign.includes(key))) {
    throw new Error(`test wallet does not support ${foreign.join(', ')}`)
  }
  const chains = chainIds.map((id) => `eip155:${id}`)
  const eip155 = {
    chains,
    accounts: chains.map((chain) => `${chain}:${address}`),
    methods: walletMethods,
    events: walletEvents,
  }
  // Solana: the asked chains this wallet has an RPC for; eip155 then only when asked for too
  const asked = [
    ...(proposal.requiredNamespaces?.solana?.chains ?? []),
    ...(proposal.optionalNamespaces?.solana?.chains ?? []),
  ]
  const solanaChains = solana ? asked.filter((chain) => solana.chains.includes(chain)) : []
  if (!solana || solanaChains.length === 0) return { eip155 }
  const namespaces: SessionTypes.Namespaces = {
    solana: {
      chains: solanaChains,
      accounts: solanaChains.map((chain) => `${chain}:${solana.address}`),
      methods: solanaWalletMethods,
      events: [],
    },
  }
  if (requested.some((key) => key === 'eip155' || key.startsWith('eip155:')))
    namespaces.eip155 = eip155
  return namespaces
}
