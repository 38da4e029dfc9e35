import { ed25519 } from '@noble/curves/ed25519'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createSolanaSigner } from '../../test/harness/solanaSigner'
import { encodeBase58 } from '../utils/encodeBase58'
import { checkSolanaSiwxSignature } from './checkSolanaSiwxSignature'
import { createSiwxMessage } from './createSiwxMessage'

const alice = createSolanaSigner(1)
const bob = createSolanaSigner(2)
const message = createSiwxMessage({
  accountAddress: alice.address,
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  domain: 'dapp.test',
  uri: 'https://dapp.test/login',
  version: '1',
  nonce: 'abcdefgh12345678',
  issuedAt: '2025-06-01T12:00:00.000Z',
  statement: 'Sign in to Dapp — ünïcødé ✓',
})
const signature = encodeBase58(alice.signBytes(message))

/** 32 bytes little-endian, as Ed25519 encodes a y coordinate. */
function littleEndian(value: bigint): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, index) => Number((value >> BigInt(8 * index)) & 0xffn))
}

function flipBit(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = bytes.slice()
  copy[bit >> 3] = (copy[bit >> 3] as number) ^ (1 << (bit & 7))
  return copy
}

const check = (parameters: Partial<Parameters<typeof checkSolanaSiwxSignature>[0]> = {}) =>
  checkSolanaSiwxSignature({ address: alice.address, message, signature, ...parameters })

describe('checkSolanaSiwxSignature', () => {
  test('default: the key’s Ed25519 signature of the message’s UTF-8 bytes holds', () => {
    expect(message).toContain('dapp.test wants you to sign in with your Solana account:')
    expect(check()).toBeUndefined()
  })

  test('behavior: another key’s signature, or a message changed by one byte, is a mismatch', () => {
    expect(check({ signature: encodeBase58(bob.signBytes(message)) })).toBe('mismatch')
    expect(check({ address: bob.address })).toBe('mismatch')
    expect(check({ message: message.replace('Nonce: a', 'Nonce: b') })).toBe('mismatch')
    expect(check({ message: `${message} ` })).toBe('mismatch')
  })

  test('behavior: only base58 of exactly 64 bytes is read as a signature', () => {
    const bytes = alice.signBytes(message)
    const base64 = btoa(String.fromCharCode(...bytes))
    const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
    for (const encoded of [
      base64,
      base64.replace(/=+$/, ''),
      hex,
      encodeBase58(bytes.subarray(0, 63)),
      encodeBase58(Uint8Array.from([...bytes, 0])),
      encodeBase58(Uint8Array.from([0, ...bytes])),
      `${signature}1`,
      signature.replace(/.$/, '0'),
      '',
      '1'.repeat(65_536),
    ])
      expect(check({ signature: encoded }), encoded.slice(0, 20)).toBe('encoding')
    // 64 zero bytes are 64 "1"s: a signature by its encoding, refused by the curve.
    expect(check({ signature: '1'.repeat(64) })).toBe('mismatch')
  })

  test('behavior: S + L (the malleable twin of a valid signature) is non-canonical', () => {
    const bytes = alice.signBytes(message)
    let s = 0n
    for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(bytes[index] as number)
    const twin = Uint8Array.from([...bytes.subarray(0, 32), ...littleEndian(s + ed25519.CURVE.n)])
    expect(check({ signature: encodeBase58(twin) })).toBe('nonCanonical')
  })

  test('behavior: an address that is not a key that can sign is refused', () => {
    // 32 zero bytes (the System Program's address) decode to a point of order 4. Any message
    // "verifies" for it with R = identity and S = 0 under a cofactored, non-strict check.
    const smallOrder = new Uint8Array(32)
    const forged = new Uint8Array(64)
    forged[0] = 1
    const bytes = new TextEncoder().encode(message)
    expect(ed25519.verify(forged, bytes, smallOrder)).toBe(true)
    expect(encodeBase58(smallOrder)).toBe('11111111111111111111111111111111')
    expect(check({ address: encodeBase58(smallOrder), signature: encodeBase58(forged) })).toBe(
      'publicKey',
    )
    // The identity (y = 1), a y with no point (2), and y = 3 written as 3 + p (non-canonical).
    const p = 2n ** 255n - 19n
    for (const y of [1n, 2n, 3n + p])
      expect(check({ address: encodeBase58(littleEndian(y)) }), String(y)).toBe('publicKey')
    expect(check({ address: 'So1ana' })).toBe('publicKey')
  })

  test('behavior: a message with a lone surrogate (no exact UTF-8 bytes) is refused', () => {
    const lone = message.replace('✓', '\ud800')
    // TextEncoder writes U+FFFD for it: this signature is of other text than the string.
    const signed = encodeBase58(alice.signBytes(lone))
    expect(check({ message: lone, signature: signed })).toBe('message')
    expect(check({ message: message.replace('✓', '\ufffd'), signature: signed })).toBeUndefined()
  })

  test('property: any message signed by the key holds; any one-bit change of it or of the signature does not', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.nat(),
        fc.nat(),
        (secretKey, text, at, bit) => {
          const address = encodeBase58(ed25519.getPublicKey(secretKey))
          const raw = ed25519.sign(new TextEncoder().encode(text), secretKey)
          const signed = encodeBase58(raw)
          expect(checkSolanaSiwxSignature({ address, message: text, signature: signed })).toBe(
            undefined,
          )
          const flipped = encodeBase58(flipBit(raw, at % 512))
          expect(checkSolanaSiwxSignature({ address, message: text, signature: flipped })).not.toBe(
            undefined,
          )
          if (text.length === 0) return
          // One bit of one UTF-16 unit: other text, or a lone surrogate.
          const index = at % text.length
          const unit = text.charCodeAt(index) ^ (1 << (bit % 16))
          const changed = text.slice(0, index) + String.fromCharCode(unit) + text.slice(index + 1)
          expect(
            checkSolanaSiwxSignature({ address, message: changed, signature: signed }),
          ).not.toBe(undefined)
        },
      ),
      // Each case is five Ed25519 operations (~10 ms each on a loaded runner).
      { numRuns: 50 },
    )
  })
})
