import { getAddress, isAddress as isViemAddress } from 'viem'

const hexAddress = /^(0x)?[0-9a-fA-F]{40}$/
const base58Address = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Whether a string is an EVM address: 40 hex characters, optional `0x`, one letter case or a valid
 * EIP-55 checksum.
 * @see https://eips.ethereum.org/EIPS/eip-55
 */
export function isEvmAddress(address: string): boolean {
  if (typeof address !== 'string' || !hexAddress.test(address)) return false
  const hex = address.startsWith('0x') ? address.slice(2) : address
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  const prefixed = `0x${hex}` as const
  return isViemAddress(prefixed, { strict: true }) && getAddress(prefixed) === prefixed
}

/** Whether a string is a Solana address: 32 to 44 base58 characters. */
export function isSolanaAddress(address: string): boolean {
  return typeof address === 'string' && base58Address.test(address)
}

/** Whether a string is an address of the given chain namespace. */
export function isAddress(address: string, namespace: 'eip155' | 'solana'): boolean {
  if (namespace === 'eip155') return isEvmAddress(address)
  if (namespace === 'solana') return isSolanaAddress(address)
  return false
}
