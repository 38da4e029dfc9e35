import * as fc from 'fast-check'
import { getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { isAddress, isEvmAddress, isSolanaAddress } from './address'

const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hexChar = fc.constantFrom(...'0123456789abcdef')
const hex40 = fc.string({ unit: hexChar, minLength: 40, maxLength: 40 })
const base58Char = fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz')

describe('isEvmAddress', () => {
  test('default', () => {
    expect(isEvmAddress(checksummed)).toBe(true)
    expect(isEvmAddress(checksummed.toLowerCase())).toBe(true)
    expect(isEvmAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(true)
    expect(isEvmAddress(checksummed.slice(2))).toBe(true)
  })

  test('behavior: a wrong checksum fails', () => {
    expect(isEvmAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(isEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266'.replace('f39F', 'F39F'))).toBe(
      false,
    )
  })

  test('behavior: wrong length, prefix or characters fail', () => {
    expect(isEvmAddress('')).toBe(false)
    expect(isEvmAddress('0x')).toBe(false)
    expect(isEvmAddress(checksummed.slice(0, 41))).toBe(false)
    expect(isEvmAddress(`${checksummed}0`)).toBe(false)
    expect(isEvmAddress(`0X${checksummed.slice(2)}`)).toBe(false)
    expect(isEvmAddress(`0x${'g'.repeat(40)}`)).toBe(false)
    expect(isEvmAddress(` ${checksummed}`)).toBe(false)
  })

  test('behavior: any checksummed viem address passes, with or without 0x', () => {
    fc.assert(
      fc.property(hex40, (hex) => {
        const address = getAddress(`0x${hex}`)
        expect(isEvmAddress(address)).toBe(true)
        expect(isEvmAddress(address.slice(2))).toBe(true)
        expect(isAddress(address, 'eip155')).toBe(true)
      }),
    )
  })

  test('behavior: random non-hex strings fail', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        fc.pre(!/^(0x)?[0-9a-fA-F]{40}$/.test(value))
        expect(isEvmAddress(value)).toBe(false)
      }),
    )
  })
})

describe('isSolanaAddress', () => {
  test('default', () => {
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
  })

  test('behavior: base58 strings of 32 to 44 characters pass', () => {
    fc.assert(
      fc.property(fc.string({ unit: base58Char, minLength: 32, maxLength: 44 }), (value) => {
        expect(isSolanaAddress(value)).toBe(true)
        expect(isAddress(value, 'solana')).toBe(true)
      }),
    )
  })

  test('behavior: 0, O, I and l fail', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: base58Char, minLength: 31, maxLength: 43 }),
        fc.constantFrom('0', 'O', 'I', 'l'),
        fc.nat(),
        (value, bad, position) => {
          const index = position % (value.length + 1)
          expect(isSolanaAddress(value.slice(0, index) + bad + value.slice(index))).toBe(false)
        },
      ),
    )
  })

  test('behavior: wrong lengths fail', () => {
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
    expect(isSolanaAddress(checksummed)).toBe(false)
  })
})

describe('isAddress', () => {
  test('parameters: namespace', () => {
    expect(isAddress(checksummed, 'eip155')).toBe(true)
    expect(isAddress(checksummed, 'solana')).toBe(false)
    expect(isAddress('11111111111111111111111111111111', 'eip155')).toBe(false)
  })

  test('behavior: never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isEvmAddress(value as string)).toBe('boolean')
        expect(typeof isSolanaAddress(value as string)).toBe('boolean')
        expect(typeof isAddress(value as string, 'eip155')).toBe('boolean')
      }),
    )
  })
})
