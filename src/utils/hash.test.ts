import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isTransactionHash } from './hash'

describe('isTransactionHash', () => {
  test('default', () => {
    expect(isTransactionHash(`0x${'ab'.repeat(32)}`)).toBe(true)
    expect(isTransactionHash(`0x${'A'.repeat(62)}`)).toBe(true)
  })

  test('behavior: too short, no prefix or non-hex fails', () => {
    expect(isTransactionHash(`0x${'a'.repeat(61)}`)).toBe(false)
    expect(isTransactionHash('a'.repeat(64))).toBe(false)
    expect(isTransactionHash(`0x${'g'.repeat(64)}`)).toBe(false)
    expect(isTransactionHash('')).toBe(false)
  })

  test('behavior: any hex of 62 or more characters passes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 62 }),
        (hex) => {
          expect(isTransactionHash(`0x${hex}`)).toBe(true)
        },
      ),
    )
  })

  test('behavior: never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isTransactionHash(value as string)).toBe('boolean')
      }),
    )
  })
})
