import * as fc from 'fast-check'
import { formatUnits } from 'viem'
import { describe, expect, test } from 'vitest'
import { formatBalance, formatQuantity } from './format'
import { formatBaseUnits } from './formatBaseUnits'
import { formatNumber, formatUsd } from './formatUsd'
import { truncateAddress } from './truncateAddress'

describe('formatQuantity', () => {
  test('default', () => {
    expect(formatQuantity(1.23456)).toBe('1.234')
    expect(formatQuantity('10000')).toBe('10000.000')
    expect(formatQuantity(0)).toBe('0.000')
  })

  test('behavior: floors, never rounds up', () => {
    expect(formatQuantity(1.9999)).toBe('1.999')
    expect(formatQuantity('0.0009999')).toBe('0.000')
    expect(formatQuantity(0.3)).toBe('0.300')
    expect(formatQuantity(2.675, 2)).toBe('2.67')
  })

  test('behavior: tiny and huge values', () => {
    expect(formatQuantity(1e-7)).toBe('0.000')
    expect(formatQuantity(1.5e-3)).toBe('0.001')
    expect(formatQuantity(1e21)).toBe('1000000000000000000000.000')
    expect(formatQuantity(10n ** 30n)).toBe('1000000000000000000000000000000.000')
    expect(formatQuantity('123456789012345678901234567890.123456')).toBe(
      '123456789012345678901234567890.123',
    )
  })

  test('behavior: negative values cut toward zero', () => {
    expect(formatQuantity(-1.23456)).toBe('-1.234')
    expect(formatQuantity(-5n)).toBe('-5.000')
    expect(formatQuantity('-0.0001')).toBe('0.000')
    expect(formatQuantity(-0)).toBe('0.000')
  })

  test('behavior: strings with many decimals keep exact digits', () => {
    expect(formatQuantity('1.99999999999999999999999999')).toBe('1.999')
    expect(formatQuantity('.5')).toBe('0.500')
    expect(formatQuantity('5.')).toBe('5.000')
    expect(formatQuantity(' 42.4242 ')).toBe('42.424')
    expect(formatQuantity('1.5e3')).toBe('1500.000')
    expect(formatQuantity('000123.4')).toBe('123.400')
  })

  test('behavior: invalid input is zero', () => {
    for (const value of ['', 'abc', '1.2.3', '0x10', 'NaN', '.', '-', '1e99999']) {
      expect(formatQuantity(value)).toBe('0.000')
    }
    expect(formatQuantity(Number.NaN)).toBe('0.000')
    expect(formatQuantity(Number.POSITIVE_INFINITY)).toBe('0.000')
  })

  test('parameters: decimals', () => {
    expect(formatQuantity(1.23456, 0)).toBe('1')
    expect(formatQuantity(1.23456, 5)).toBe('1.23456')
    expect(formatQuantity(1, 6)).toBe('1.000000')
  })

  test('behavior: never above the value and within one unit of the last digit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        const formatted = Number(formatQuantity(value))
        expect(formatted).toBeLessThanOrEqual(value)
        expect(value - formatted).toBeLessThan(0.001 + 1e-9 * value)
      }),
    )
  })

  test('behavior: never throws and always has 3 decimals', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.bigInt()), (value) => {
        expect(formatQuantity(value)).toMatch(/^-?\d+\.\d{3}$/)
      }),
    )
  })
})

describe('formatBalance', () => {
  test('default', () => {
    expect(formatBalance('10000', 'ETH')).toBe('10000.000 ETH')
    expect(formatBalance(10000)).toBe('10000.000')
    expect(formatBalance(1.9999, 'BNB')).toBe('1.999 BNB')
  })

  test('behavior: missing or invalid is 0.000', () => {
    expect(formatBalance(undefined)).toBe('0.000')
    expect(formatBalance(undefined, 'ETH')).toBe('0.000 ETH')
    expect(formatBalance('garbage', 'ETH')).toBe('0.000 ETH')
  })

  test('behavior: no thousands separator', () => {
    expect(formatBalance('1234567.891', 'ETH')).toBe('1234567.891 ETH')
  })
})

describe('formatNumber', () => {
  test('default', () => {
    expect(formatNumber(1234.567)).toBe('1,234.57')
    expect(formatNumber(0)).toBe('0.00')
    expect(formatNumber('1000000')).toBe('1,000,000.00')
  })

  test('parameters: decimals', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235')
    expect(formatNumber(1.5, 4)).toBe('1.5000')
  })

  test('behavior: negative, tiny and huge', () => {
    expect(formatNumber(-1234.5)).toBe('-1,234.50')
    expect(formatNumber(-0.001)).toBe('0.00')
    expect(formatNumber(1e-9)).toBe('0.00')
    expect(formatNumber(10n ** 21n)).toBe('1,000,000,000,000,000,000,000.00')
    expect(formatNumber('0.125')).toBe('0.13')
  })

  test('behavior: invalid is 0.00', () => {
    expect(formatNumber('NaN')).toBe('0.00')
    expect(formatNumber(Number.NaN)).toBe('0.00')
    expect(formatNumber('12abc')).toBe('0.00')
  })
})

describe('formatUsd', () => {
  test('default', () => {
    expect(formatUsd(1234.567)).toBe('$1,234.57')
    expect(formatUsd('0')).toBe('$0.00')
    expect(formatUsd(-3.1)).toBe('-$3.10')
    expect(formatUsd('junk')).toBe('$0.00')
  })
})

describe('truncateAddress', () => {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

  test('default', () => {
    expect(truncateAddress(address)).toBe('0xf3…b92266')
  })

  test('parameters: start, end', () => {
    expect(truncateAddress(address, { start: 6, end: 4 })).toBe('0xf39F…2266')
  })

  test('behavior: short strings stay as they are', () => {
    expect(truncateAddress('')).toBe('')
    expect(truncateAddress('0123456789a')).toBe('0123456789a')
    expect(truncateAddress('0123456789ab')).toBe('0123…6789ab')
  })
})

describe('formatBaseUnits', () => {
  test('default: wei with 18 decimals, cut to 3 decimals, with the symbol', () => {
    expect(formatBaseUnits(10n ** 22n, 18, 'ETH')).toBe('10000.000 ETH')
    expect(formatBaseUnits(1_999_999_999_999_999_999n, 18, 'ETH')).toBe('1.999 ETH')
    expect(formatBaseUnits(0n, 18)).toBe('0.000')
    expect(formatBaseUnits(1n, 18)).toBe('0.000')
  })

  test('behavior: few decimals and negative amounts', () => {
    expect(formatBaseUnits(15n, 1, 'X')).toBe('1.500 X')
    expect(formatBaseUnits(7n, 0)).toBe('7.000')
    expect(formatBaseUnits(-2_500_000n, 6)).toBe('-2.500')
    expect(formatBaseUnits(-1n, 6)).toBe('0.000')
  })

  test('behavior: the same text as formatBalance(formatUnits(value, decimals), symbol) for any amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 36 }),
        fc.constantFrom(undefined, 'ETH', 'BNB'),
        (value, decimals, symbol) => {
          expect(formatBaseUnits(value, decimals, symbol)).toBe(
            formatBalance(formatUnits(value, decimals), symbol),
          )
        },
      ),
    )
  })
})
