import { getAddress, isAddress, isAddressEqual } from 'viem'
import { AccountNotAuthorizedError } from '../errors/AccountNotAuthorizedError'
import { ChainMismatchError } from '../errors/ChainMismatchError'
import { InvalidRequestError } from '../errors/InvalidRequestError'
import type { Address, Hex } from './types'

/** Throws `InvalidRequestError` with `reason`. */
export function refuse(reason: string): never {
  throw new InvalidRequestError({ reason })
}

/** A plain object whose keys are all in `allowed`; anything else is refused by name. */
export function readObject(
  value: unknown,
  path: string,
  allowed: readonly string[],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    refuse(`${path} must be an object.`)
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record))
    if (!allowed.includes(key)) refuse(`${path} has an unknown field "${key}".`)
  return record
}

/** Present and not undefined (JSON has no undefined; null counts as present). */
export function has(record: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(record, key) && record[key] !== undefined
}

const quantityPattern = /^0x[0-9a-fA-F]{1,64}$/

/** A hex quantity (0x0, 0x1a, leading zeros allowed) as minimal lower-case hex. */
export function readQuantity(value: unknown, path: string): Hex {
  if (typeof value !== 'string' || !quantityPattern.test(value))
    refuse(`${path} must be a hex quantity such as 0x1a.`)
  return `0x${BigInt(value).toString(16)}`
}

/** 0x-prefixed bytes (even length) as lower-case hex. */
export function readBytes(value: unknown, path: string): Hex {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    refuse(`${path} must be 0x-prefixed hex bytes.`)
  return value.toLowerCase() as Hex
}

/** A 20-byte address, checksummed. */
export function readAddress(value: unknown, path: string): Address {
  if (
    typeof value !== 'string' ||
    !/^0x[0-9a-fA-F]{40}$/.test(value) ||
    !isAddress(value, { strict: false })
  )
    refuse(`${path} must be a 0x-prefixed 20-byte address.`)
  return getAddress(value)
}

/** The signed-in account, or `AccountNotAuthorizedError` when the request names another one. */
export function readOwnAddress(value: unknown, path: string, account: Address): Address {
  const address = readAddress(value, path)
  if (!isAddressEqual(address, account)) throw new AccountNotAuthorizedError({ address })
  return getAddress(account)
}

/** A chain id given as a number, decimal string or hex quantity, as a bigint. */
export function readChainId(value: unknown, path: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value)
  if (typeof value === 'string' && (quantityPattern.test(value) || /^\d{1,78}$/.test(value)))
    return BigInt(value)
  refuse(`${path} must be a chain id.`)
}

/**
 * A chain id the request names (read as {@link readChainId}) that must be the wallet's own
 * `chainId`; another one throws `ChainMismatchError` naming the `kind` of request.
 */
export function readOwnChainId(value: unknown, path: string, chainId: number, kind: string): void {
  const requested = readChainId(value, path)
  if (requested !== BigInt(chainId))
    throw new ChainMismatchError({ kind, requestedChainId: requested, activeChainId: chainId })
}
