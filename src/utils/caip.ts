import { InvalidCaipAddressError } from '../errors/InvalidCaipAddressError'
import { InvalidCaipNetworkIdError } from '../errors/InvalidCaipNetworkIdError'
import { type CaipNetworkId, type ChainNamespace, chainNamespaces } from '../networks'

/**
 * A CAIP-10 account id, e.g. `eip155:1:0xf39F…2266`.
 * @see https://chainagnostic.org/CAIPs/caip-10
 */
export type CaipAddress = `${string}:${string}:${string}`

/** The parts of a CAIP-10 account id. */
export type ParsedCaipAddress = {
  namespace: ChainNamespace
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
}

// Character sets from CAIP-2 (reference) and CAIP-10 (account address).
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/
const addressPattern = /^[-.%a-zA-Z0-9]{1,128}$/

function isChainNamespace(value: string): value is ChainNamespace {
  return (chainNamespaces as readonly string[]).includes(value)
}

function splitNetworkId(namespace: string, reference: string) {
  if (!isChainNamespace(namespace) || !referencePattern.test(reference)) return undefined
  return { namespace, reference }
}

/**
 * Splits a CAIP-10 account id into namespace, reference and address.
 * @see https://chainagnostic.org/CAIPs/caip-10
 */
export function parseCaipAddress(caipAddress: string): ParsedCaipAddress {
  const parts = typeof caipAddress === 'string' ? caipAddress.split(':') : []
  const [namespace = '', reference = '', address = ''] = parts
  const network = parts.length === 3 ? splitNetworkId(namespace, reference) : undefined
  if (!network || !addressPattern.test(address))
    throw new InvalidCaipAddressError({ address: String(caipAddress) })
  return { ...network, address, caipNetworkId: `${network.namespace}:${network.reference}` }
}

/**
 * Whether a string is a CAIP-10 account id of a known namespace.
 * @see https://chainagnostic.org/CAIPs/caip-10
 */
export function isCaipAddress(caipAddress: string): caipAddress is CaipAddress {
  try {
    parseCaipAddress(caipAddress)
    return true
  } catch {
    return false
  }
}

/**
 * Splits a CAIP-2 chain id such as `eip155:1` into namespace and reference.
 * @see https://chainagnostic.org/CAIPs/caip-2
 */
export function parseCaipNetworkId(caipNetworkId: string): {
  namespace: ChainNamespace
  reference: string
} {
  const parts = typeof caipNetworkId === 'string' ? caipNetworkId.split(':') : []
  const [namespace = '', reference = ''] = parts
  const network = parts.length === 2 ? splitNetworkId(namespace, reference) : undefined
  if (!network) throw new InvalidCaipNetworkIdError({ caipNetworkId: String(caipNetworkId) })
  return network
}

/**
 * Whether a string is a CAIP-2 chain id of a known namespace.
 * @see https://chainagnostic.org/CAIPs/caip-2
 */
export function isCaipNetworkId(caipNetworkId: string): caipNetworkId is CaipNetworkId {
  try {
    parseCaipNetworkId(caipNetworkId)
    return true
  } catch {
    return false
  }
}

/**
 * Builds a CAIP-2 chain id; throws `InvalidCaipNetworkIdError` on an unknown namespace or bad reference.
 * @see https://chainagnostic.org/CAIPs/caip-2
 */
export function toCaipNetworkId(namespace: string, reference: string | number): CaipNetworkId {
  const caipNetworkId = `${namespace}:${reference}` as const
  parseCaipNetworkId(caipNetworkId)
  return caipNetworkId
}

/**
 * Builds a CAIP-10 account id; throws `InvalidCaipAddressError` when the result would not parse.
 * @see https://chainagnostic.org/CAIPs/caip-10
 */
export function toCaipAddress(caipNetworkId: string, address: string): CaipAddress {
  const caipAddress = `${caipNetworkId}:${address}` as CaipAddress
  parseCaipAddress(caipAddress)
  return caipAddress
}
