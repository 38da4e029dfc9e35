import { hashTypedData } from 'viem'
import { readAddress, readObject, readOwnAddress, readOwnChainId, refuse } from './fields'
import type { Address, CanonicalTypedData, JsonValue, TypedDataField } from './types'
import { canonicalLeaf, signingLeaf, walkTypedData } from './walkTypedData'

const domainFields: Record<string, string> = {
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
  salt: 'bytes32',
}

function readTypes(value: unknown): Record<string, TypedDataField[]> {
  const record = readObject(value, 'types', Object.keys(value ?? {}))
  const types: Record<string, TypedDataField[]> = {}
  for (const [name, fields] of Object.entries(record)) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name))
      refuse(`types has an invalid type name "${name}".`)
    if (!Array.isArray(fields)) refuse(`types.${name} must be a list of fields.`)
    const seen = new Set<string>()
    types[name] = fields.map((field, index) => {
      const entry = readObject(field, `types.${name}[${index}]`, ['name', 'type'])
      if (typeof entry.name !== 'string' || typeof entry.type !== 'string')
        refuse(`types.${name}[${index}] needs a name and a type.`)
      if (entry.name === '__proto__') refuse(`types.${name} has a forbidden field name.`)
      if (seen.has(entry.name)) refuse(`types.${name} declares "${entry.name}" twice.`)
      seen.add(entry.name)
      return { name: entry.name, type: entry.type }
    })
  }
  return types
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    refuse('Typed data is not valid JSON.')
  }
}

/**
 * eth_signTypedData_v4 [address, typedData] (EIP-712; typed data as an object or JSON string).
 * A `domain.chainId` other than the active chain is refused; a domain without one is allowed.
 */
export function normalizeTypedData(
  params: unknown,
  chainId: number,
  account: Address,
): CanonicalTypedData {
  if (!Array.isArray(params) || params.length !== 2)
    refuse('eth_signTypedData_v4 takes [address, typedData].')
  const [address, raw] = params as unknown[]
  const own = readOwnAddress(address, 'The address', account)
  const input = readObject(parseJson(raw), 'typedData', [
    'domain',
    'types',
    'primaryType',
    'message',
  ])
  const types = readTypes(input.types)
  const primaryType = input.primaryType
  if (typeof primaryType !== 'string' || primaryType === 'EIP712Domain' || !types[primaryType])
    refuse('typedData.primaryType must name one of its types.')
  const rawDomain = readObject(input.domain ?? {}, 'typedData.domain', Object.keys(domainFields))
  const declared = types.EIP712Domain
  const domainTypes: Record<string, TypedDataField[]> = {
    ...types,
    EIP712Domain:
      declared ??
      Object.keys(rawDomain).map((name) => ({ name, type: domainFields[name] as string })),
  }
  for (const field of domainTypes.EIP712Domain ?? [])
    if (domainFields[field.name] !== field.type)
      refuse(`types.EIP712Domain has an unexpected field "${field.name}: ${field.type}".`)
  const domain = walkTypedData(
    domainTypes,
    'EIP712Domain',
    rawDomain,
    'typedData.domain',
    canonicalLeaf,
  ) as Record<string, JsonValue>
  if (domain.chainId !== undefined) {
    readOwnChainId(domain.chainId, 'typedData.domain.chainId', chainId, 'signature request')
    domain.chainId = chainId
  }
  if (domain.verifyingContract !== undefined)
    domain.verifyingContract = readAddress(
      domain.verifyingContract,
      'typedData.domain.verifyingContract',
    )
  const message = walkTypedData(
    types,
    primaryType,
    input.message,
    'typedData.message',
    canonicalLeaf,
  ) as Record<string, JsonValue>
  const canonical: CanonicalTypedData = {
    method: 'eth_signTypedData_v4',
    chainId,
    account: own,
    typedData: { domain, types, primaryType, message },
  }
  try {
    hashTypedData(toViemTypedData(canonical) as Parameters<typeof hashTypedData>[0])
  } catch (cause) {
    refuse(`The typed data cannot be encoded: ${(cause as Error).message.split('\n')[0]}`)
  }
  return canonical
}

/** The canonical typed data as viem signs it (integers as bigints). */
export function toViemTypedData(canonical: CanonicalTypedData) {
  const { domain, types, primaryType, message } = canonical.typedData
  return {
    domain,
    types,
    primaryType,
    message: walkTypedData(types, primaryType, message, 'message', signingLeaf),
  }
}
