import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decrypt, encrypt } from './encryption'
import { hmacHex, safeEqualHex, sha256Hex } from './hash'
import { deriveKeys, parseMasterKey } from './masterKey'
import { randomOtp, randomToken } from './random'

describe('encrypt / decrypt', () => {
  test('default: round trip; a fresh IV each time', () => {
    const key = randomBytes(32)
    const a = encrypt(key, 'secret', 'row')
    const b = encrypt(key, 'secret', 'row')
    expect(a).not.toBe(b)
    expect(decrypt(key, a, 'row')).toBe('secret')
  })

  test('behavior: wrong key, wrong AAD, altered or malformed bytes all throw DecryptionFailedError', () => {
    const key = randomBytes(32)
    const sealed = encrypt(key, 'secret', 'row')
    // the second-to-last character (whole base64 data, no padding bits) replaced by another
    const at = sealed.length - 2
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`
    expect(flipped).not.toBe(sealed)
    for (const [k, value, aad] of [
      [randomBytes(32), sealed, 'row'],
      [key, sealed, 'other'],
      [key, flipped, 'row'],
      [key, 'v1.', 'row'],
      [key, 'garbage', 'row'],
      [key, 'v2.AAAA', 'row'],
    ] as const)
      expect(() => decrypt(k, value, aad)).toThrow(
        expect.objectContaining({ name: 'DecryptionFailedError' }),
      )
  })

  test('property: any text survives a round trip; any other string fails closed', () => {
    const key = randomBytes(32)
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, aad) => {
        expect(decrypt(key, encrypt(key, text, aad), aad)).toBe(text)
      }),
    )
    fc.assert(
      fc.property(fc.string(), (junk) => {
        expect(() => decrypt(key, junk, 'row')).toThrow()
      }),
    )
  })
})

describe('master key', () => {
  test('parameters: hex, 0x hex and base64 of 32 bytes', () => {
    const bytes = randomBytes(32)
    expect(parseMasterKey(bytes.toString('hex'))).toEqual(bytes)
    expect(parseMasterKey(`0x${bytes.toString('hex')}`)).toEqual(bytes)
    expect(parseMasterKey(bytes.toString('base64'))).toEqual(bytes)
    expect(parseMasterKey(bytes.toString('base64url'))).toEqual(bytes)
  })

  test('behavior: anything else is an OptionsValidationError', () => {
    expect(() => parseMasterKey('abcd')).toThrowError(
      'Invalid option "masterKey": Expected 32 bytes as 64 hex characters or base64.',
    )
    expect(() => parseMasterKey(randomBytes(31).toString('base64'))).toThrowError(/masterKey/)
  })

  test('behavior: derived keys differ per use and per master key', () => {
    const a = deriveKeys(randomBytes(32))
    const b = deriveKeys(randomBytes(32))
    expect(a.wallet).toHaveLength(32)
    expect(a.wallet.equals(a.otp)).toBe(false)
    expect(a.wallet.equals(b.wallet)).toBe(false)
  })
})

describe('secrets', () => {
  test('randomOtp: 6 digits, spread over the range', () => {
    const codes = Array.from({ length: 2000 }, randomOtp)
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(1990)
    expect(codes.some((code) => code.startsWith('0'))).toBe(true)
  })

  test('randomToken: 256 bits, base64url', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(randomToken()).not.toBe(randomToken())
  })

  test('safeEqualHex: equal digests only', () => {
    const key = randomBytes(32)
    expect(safeEqualHex(hmacHex(key, '123456'), hmacHex(key, '123456'))).toBe(true)
    expect(safeEqualHex(hmacHex(key, '123456'), hmacHex(key, '123457'))).toBe(false)
    expect(safeEqualHex(sha256Hex('a'), 'abcd')).toBe(false)
    expect(safeEqualHex('', '')).toBe(false)
  })
})
