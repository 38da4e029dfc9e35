import { bytesToHex, hexToBytes, stringToHex } from 'viem'
import { readOwnAddress, refuse } from './fields'
import type { Address, CanonicalPersonalSign, Hex } from './types'

/** The bytes' text when they are valid UTF-8, else undefined. */
export function decodeUtf8(message: Hex): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hexToBytes(message))
  } catch {
    return undefined
  }
}

/**
 * personal_sign [message, address]: 0x-prefixed hex of whole bytes is those bytes, any other
 * string is its UTF-8 bytes (so `0xabc`, odd length, is the text "0xabc").
 */
export function normalizePersonalSign(
  params: unknown,
  chainId: number,
  account: Address,
): CanonicalPersonalSign {
  if (!Array.isArray(params) || params.length < 2 || params.length > 3)
    refuse('personal_sign takes [message, address].')
  const [message, address] = params as unknown[]
  if (typeof message !== 'string') refuse('The message must be a string.')
  const bytes: Hex = /^0x([0-9a-fA-F]{2})*$/.test(message)
    ? bytesToHex(hexToBytes(message as Hex))
    : stringToHex(message)
  const text = decodeUtf8(bytes)
  return {
    method: 'personal_sign',
    chainId,
    account: readOwnAddress(address, 'The address', account),
    message: bytes,
    ...(text === undefined ? {} : { text }),
  }
}
