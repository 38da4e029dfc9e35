import fc from 'fast-check'
import { formatUnits } from 'viem'
import { describe, expect, test } from 'vitest'
import { parseSendAmount } from './parseSendAmount'

describe('parseSendAmount', () => {
  test('default: decimal amounts in base units', () => {
    expect(parseSendAmount('1.5', 6)).toEqual({ kind: 'amount', value: 1_500_000n })
    expect(parseSendAmount('.5', 18)).toEqual({ kind: 'amount', value: 5n * 10n ** 17n })
    expect(parseSendAmount('2,25', 2)).toEqual({ kind: 'amount', value: 225n })
    expect(parseSendAmount('7.', 0)).toEqual({ kind: 'amount', value: 7n })
    expect(parseSendAmount(' 12 ', 18)).toEqual({ kind: 'amount', value: 12n * 10n ** 18n })
  })

  test('behavior: empty is empty (the "required" rule), not invalid', () => {
    expect(parseSendAmount('', 18)).toEqual({ kind: 'empty' })
  })

  test('error: signs, exponents, letters, two separators, too many decimals, zero', () => {
    expect(parseSendAmount('-1', 18)).toEqual({ kind: 'invalid', reason: 'notANumber' })
    expect(parseSendAmount('1e3', 18)).toEqual({ kind: 'invalid', reason: 'notANumber' })
    expect(parseSendAmount('1.2.3', 18)).toEqual({ kind: 'invalid', reason: 'notANumber' })
    expect(parseSendAmount('.', 18)).toEqual({ kind: 'invalid', reason: 'notANumber' })
    expect(parseSendAmount('abc', 18)).toEqual({ kind: 'invalid', reason: 'notANumber' })
    expect(parseSendAmount('0.0000001', 6)).toEqual({ kind: 'invalid', reason: 'tooManyDecimals' })
    expect(parseSendAmount('0.000', 6)).toEqual({ kind: 'invalid', reason: 'zero' })
  })

  test('behavior: formatUnits and parseSendAmount round-trip every positive amount (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }),
        fc.integer({ min: 0, max: 36 }),
        (value, decimals) => {
          expect(parseSendAmount(formatUnits(value, decimals), decimals)).toEqual({
            kind: 'amount',
            value,
          })
        },
      ),
    )
  })
})
