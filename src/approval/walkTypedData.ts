import { refuse } from './fields'
import type { JsonValue, TypedDataField } from './types'

/** `uint256[2][]` → `uint256[2]`; undefined when `type` is not an array. */
export function arrayItemType(type: string): string | undefined {
  const match = /^(.*)\[(\d*)\]$/.exec(type)
  return match ? match[1] : undefined
}

function arrayLength(type: string): number | undefined {
  const match = /\[(\d+)\]$/.exec(type)
  return match ? Number(match[1]) : undefined
}

/** Maps one leaf (a value of an atomic type) of typed data. */
export type LeafMapper<T> = (type: string, value: unknown, path: string) => T

/**
 * Walks `value` as EIP-712 type `type`: every declared field must be present and no other field
 * may be (a field the types do not declare is not signed, so it must not be shown either).
 */
export function walkTypedData<T>(
  types: Record<string, TypedDataField[]>,
  type: string,
  value: unknown,
  path: string,
  leaf: LeafMapper<T>,
  depth = 0,
): T | T[] | Record<string, unknown> {
  if (depth > 32) refuse('The typed data is nested too deeply.')
  const item = arrayItemType(type)
  if (item !== undefined) {
    if (!Array.isArray(value)) refuse(`${path} must be an array (${type}).`)
    const length = arrayLength(type)
    if (length !== undefined && value.length !== length)
      refuse(`${path} must have ${length} items (${type}).`)
    return value.map((entry, index) =>
      walkTypedData(types, item, entry, `${path}[${index}]`, leaf, depth + 1),
    ) as T[]
  }
  const fields = Object.hasOwn(types, type) ? types[type] : undefined
  if (!fields) return leaf(type, value, path)
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    refuse(`${path} must be an object (${type}).`)
  const record = value as Record<string, unknown>
  const names = new Set(fields.map((field) => field.name))
  for (const key of Object.keys(record))
    if (!names.has(key)) refuse(`${path} has a field "${key}" that type ${type} does not declare.`)
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    if (!Object.hasOwn(record, field.name) || record[field.name] === undefined)
      refuse(`${path}.${field.name} is missing (${type}).`)
    out[field.name] = walkTypedData(
      types,
      field.type,
      record[field.name],
      `${path}.${field.name}`,
      leaf,
      depth + 1,
    )
  }
  return out
}

/** Canonical leaf: integers as decimal strings, addresses and bytes as lower-case hex. */
export const canonicalLeaf: LeafMapper<JsonValue> = (type, value, path) => {
  const integer = /^(u?)int(\d*)$/.exec(type)
  if (integer) {
    let number: bigint
    if (typeof value === 'number' && Number.isSafeInteger(value)) number = BigInt(value)
    else if (typeof value === 'string' && /^(-?\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(value))
      number = BigInt(value)
    else refuse(`${path} must be an integer (${type}).`)
    const bits = BigInt(integer[2] || 256)
    const unsigned = integer[1] === 'u'
    const min = unsigned ? 0n : -(1n << (bits - 1n))
    const max = unsigned ? (1n << bits) - 1n : (1n << (bits - 1n)) - 1n
    if (number < min || number > max) refuse(`${path} is out of range for ${type}.`)
    return number.toString()
  }
  if (type === 'address') {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
      refuse(`${path} must be an address.`)
    return value.toLowerCase()
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') refuse(`${path} must be true or false.`)
    return value
  }
  if (type === 'string') {
    if (typeof value !== 'string') refuse(`${path} must be a string.`)
    return value
  }
  const bytes = /^bytes(\d*)$/.exec(type)
  if (bytes) {
    if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
      refuse(`${path} must be 0x-prefixed hex bytes (${type}).`)
    if (bytes[1] && (value.length - 2) / 2 !== Number(bytes[1]))
      refuse(`${path} must be ${bytes[1]} bytes long.`)
    return value.toLowerCase()
  }
  refuse(`${path} has an unknown type "${type}".`)
}

/** Leaf for signing: integers as bigints (viem encodes decimal strings wrongly). */
export const signingLeaf: LeafMapper<unknown> = (type, value) =>
  /^u?int\d*$/.test(type) ? BigInt(value as string) : value
