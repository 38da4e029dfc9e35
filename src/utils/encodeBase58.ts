// Base58 (Bitcoin alphabet) by hand: Solana addresses and signatures are base58, and the only
// packages that do it (bs58, @solana/kit's codecs) would put a dependency into the core for ~30
// lines. Byte strings here are short (32-byte keys, 64-byte signatures), so the quadratic
// big-number loop is fine.

// decodeBase58.ts spells the alphabet again rather than import it from here: the first bundle
// decodes (isSolanaAddress) and never encodes, and a file goes whole into a bundle.
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Encodes bytes as base58 (Bitcoin alphabet, as Solana uses); each leading zero byte is a `1`. */
export function encodeBase58(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let index = 0; index < digits.length; index++) {
      carry += (digits[index] as number) << 8
      digits[index] = carry % 58
      carry = (carry / 58) | 0
    }
    for (; carry > 0; carry = (carry / 58) | 0) digits.push(carry % 58)
  }
  let zeros = ''
  for (let index = 0; index < bytes.length && bytes[index] === 0; index++) zeros += '1'
  return (
    zeros +
    digits
      .reverse()
      .map((digit) => alphabet[digit])
      .join('')
  )
}
