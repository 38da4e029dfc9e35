import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import type { Address } from 'viem'

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
): SessionTypes.Namespaces {
  const requested = [
    ...Object.keys(proposal.requiredNamespaces ?? {}),
    ...Object.keys(proposal.optionalNamespaces ?? {}),
  ]
  const foreign = requested.filter((key) => key !== 'eip155' && !key.startsWith('eip155:'))
  const required = Object.keys(proposal.requiredNamespaces ?? {})
  if (required.some((key) => foreign.includes(key))) {
    throw new Error(`test wallet supports only eip155, asked for ${foreign.join(', ')}`)
  }
  const chains = chainIds.map((id) => `eip155:${id}`)
  return {
    eip155: {
      chains,
      accounts: chains.map((chain) => `${chain}:${address}`),
      methods: walletMethods,
      events: walletEvents,
    },
  }
}
