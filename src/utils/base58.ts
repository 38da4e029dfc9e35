// Base58 (Bitcoin alphabet) by hand: Solana addresses and signatures are base58, and the only
// packages that do it (bs58, @solana/kit's codecs) would put a dependency into the core for ~30
// lines. Byte strings here are short (32-byte keys, 64-byte signatures), so the quadratic
// big-number loop is fine.

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const values = new Map([...alphabet].map((char, index) => [char, index]))

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

/** Decodes base58 (Bitcoin alphabet); undefined for a character outside it. */
export function decodeBase58(text: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const char of text) {
    let carry = values.get(char)
    if (carry === undefined) return undefined
    for (let index = 0; index < bytes.length; index++) {
      carry += (bytes[index] as number) * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff)
  }
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}
