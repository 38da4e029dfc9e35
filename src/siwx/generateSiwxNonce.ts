const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A random base62 nonce from `crypto.getRandomValues` (unbiased: bytes ≥ 248 are redrawn).
 * The default 22 characters carry 131 bits, above the 96-bit floor of our security rules.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export function generateSiwxNonce(length = 22): string {
  if (!Number.isInteger(length) || length < 17 || length > 128) length = 22
  let nonce = ''
  const bytes = new Uint8Array(length * 2)
  while (nonce.length < length) {
    globalThis.crypto.getRandomValues(bytes)
    for (const byte of bytes) {
      if (byte >= 248) continue
      nonce += alphabet[byte % 62]
      if (nonce.length === length) break
    }
  }
  return nonce
}
