import { InvalidSolanaAddressError } from '../errors/InvalidSolanaAddressError'
import { decodeBase58 } from '../utils/decodeBase58'

const shape = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Whether a string is a Solana address: 32 to 44 base58 characters (SPEC §5) that decode to
 * exactly 32 bytes (an Ed25519 public key or a program-derived address). Stricter than the
 * length check alone: `1` × 44 or a 44-character string decoding to 33 bytes is refused.
 */
export function isSolanaAddress(address: unknown): address is string {
  return typeof address === 'string' && shape.test(address) && decodeBase58(address)?.length === 32
}

/**
 * Returns the address unchanged when {@link isSolanaAddress} accepts it, else throws.
 * @throws InvalidSolanaAddressError
 * @example parseSolanaAddress('11111111111111111111111111111111')
 */
export function parseSolanaAddress(address: unknown): string {
  if (!isSolanaAddress(address)) throw new InvalidSolanaAddressError({ address: String(address) })
  return address
}
