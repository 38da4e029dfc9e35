import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha2'

// SLIP-0010 for ed25519 (private parent → private child, hardened only: the only derivation the
// spec defines for that curve), composed from the audited `@noble/hashes` HMAC-SHA512 that the
// import chunk carries already for BIP-32. Checked against the spec's ed25519 test vectors in
// deriveSolanaSeed.test.ts.

/** The first Solana account of a phrase in Phantom, Solflare and most Solana wallets. */
export const solanaDerivationPath = "m/44'/501'/0'/0'"

const hardened = 0x80000000
const masterKey = new TextEncoder().encode('ed25519 seed')

/** A path's indexes, each hardened (`m/44'/501'/0'/0'`); anything else throws. */
function hardenedIndexes(path: string): number[] {
  const [root, ...segments] = path.split('/')
  if (root !== 'm') throw new TypeError('A derivation path starts with m.')
  return segments.map((segment) => {
    const match = /^(\d{1,10})'$/.exec(segment)
    const index = Number(match?.[1] ?? Number.NaN)
    if (!(index < hardened)) throw new TypeError('ed25519 derives hardened indexes only.')
    return index + hardened
  })
}

/**
 * The ed25519 private key (32-byte seed) SLIP-0010 derives from a BIP-39 seed at `path` (hardened
 * indexes only). Every intermediate key and chain code is zeroed; the caller zeroes the result.
 */
export function slip10Ed25519(seed: Uint8Array, path: string): Uint8Array {
  const indexes = hardenedIndexes(path)
  let node = hmac(sha512, masterKey, seed)
  for (const index of indexes) {
    // Data = 0x00 ‖ ser256(k_par) ‖ ser32(i), Key = c_par.
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, index, false)
    const child = hmac(sha512, node.subarray(32), data)
    data.fill(0)
    node.fill(0)
    node = child
  }
  const key = node.slice(0, 32)
  node.fill(0)
  return key
}

/** The Solana ed25519 seed of a BIP-39 seed, at {@link solanaDerivationPath}. */
export const deriveSolanaSeed = (seed: Uint8Array): Uint8Array =>
  slip10Ed25519(seed, solanaDerivationPath)
