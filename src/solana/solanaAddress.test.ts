import { getBase58Decoder, isAddress as kitIsAddress } from '@solana/kit'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidSolanaAddressError } from '../errors/InvalidSolanaAddressError'
import { isSolanaAddress, parseSolanaAddress } from './solanaAddress'

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const base58Text = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength })

describe('isSolanaAddress', () => {
  test('default: any 32-byte key in base58', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(isSolanaAddress(getBase58Decoder().decode(bytes))).toBe(true)
      }),
    )
  })

  test('behavior: agrees with @solana/kit on base58 strings of 30 to 46 characters', () => {
    fc.assert(
      fc.property(base58Text(30, 46), (text) => {
        expect(isSolanaAddress(text)).toBe(kitIsAddress(text))
      }),
      { numRuns: 2000 },
    )
  })

  test('behavior: the length check alone is not enough', () => {
    // 44 base58 characters that decode to 33 bytes, and 44 that decode to 44 zero bytes: the
    // SPEC's 32–44 characters rule alone would pass both.
    expect(isSolanaAddress('z'.repeat(44))).toBe(false)
    expect(isSolanaAddress('1'.repeat(44))).toBe(false)
  })

  test('behavior: wrong types, EVM addresses, characters outside base58', () => {
    for (const value of [
      undefined,
      null,
      42,
      '',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0'.repeat(32),
      ` ${'1'.repeat(32)}`,
    ])
      expect(isSolanaAddress(value)).toBe(false)
  })
})

describe('parseSolanaAddress', () => {
  test('default: returns the address', () => {
    expect(parseSolanaAddress('11111111111111111111111111111111')).toBe(
      '11111111111111111111111111111111',
    )
  })

  test('behavior: throws InvalidSolanaAddressError with what to do', () => {
    expect(() => parseSolanaAddress('0xabc')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidSolanaAddressError: Solana address "0xabc" is invalid.

      - Expected 32 to 44 base58 characters that decode to a 32-byte public key,
        e.g. "11111111111111111111111111111111".

      Docs: node_modules/latchkey/docs/errors.md#solana
      Version: latchkey@0.1.0]
    `)
    expect(() => parseSolanaAddress('0xabc')).toThrow(InvalidSolanaAddressError)
  })
})
