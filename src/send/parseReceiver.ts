import { getAddress, isAddress } from 'viem'

/** What a receiver field holds: nothing, an EVM address, a name to look up, or neither. */
export type ParsedReceiver =
  | { kind: 'empty' }
  | { kind: 'address'; address: `0x${string}` }
  | { kind: 'name'; name: string }
  | { kind: 'invalid' }

const oneCase = /^(?:0x)?(?:[0-9a-f]{40}|[0-9A-F]{40})$/
// A name a name service could hold: labels of letters, digits, '-' and '_' joined by dots.
const nameLike = /^(?:[\p{L}\p{N}_-]+\.)+[\p{L}\p{N}_-]{2,}$/u

/**
 * Reads a receiver field (SPEC §5 "Address check"): an EVM address is 40 hex characters with an
 * optional 0x prefix in a single letter case, or in mixed case when that is its EIP-55 checksum
 * (a mixed-case typo is refused, not sent); a dotted name (e.g. `alice.eth`) is for the name
 * service; anything else is invalid. Surrounding spaces are ignored.
 * @example parseReceiver('f39fd6e51aad88f6f4ce6ab8827279cfffb92266') // { kind: 'address', address: '0xf39F…2266' }
 */
export function parseReceiver(input: string): ParsedReceiver {
  const value = input.trim()
  if (!value) return { kind: 'empty' }
  if (oneCase.test(value)) {
    const hex = value.startsWith('0x') ? value.slice(2) : value
    return { kind: 'address', address: getAddress(`0x${hex.toLowerCase()}`) }
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(value))
    return isAddress(value, { strict: true })
      ? { kind: 'address', address: getAddress(value) }
      : { kind: 'invalid' }
  if (value.length <= 255 && nameLike.test(value))
    return { kind: 'name', name: value.toLowerCase() }
  return { kind: 'invalid' }
}
