// Base58 decoding (Bitcoin alphabet, as Solana uses), apart from encodeBase58.ts: see there why
// by hand. Byte strings here are short (32-byte keys, 64-byte signatures), so the quadratic
// big-number loop is fine.

const values = new Map(
  [...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'].map((char, index) => [
    char,
    index,
  ]),
)

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
