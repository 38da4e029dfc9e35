import { describe, expect, test } from 'vitest'
import { checkSolanaSend, maxSolanaSend } from './checkSolanaSend'

const receiver = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const sol = 1_000_000_000n

describe('checkSolanaSend', () => {
  test('default: a valid form sends its lamports to the trimmed receiver', () => {
    expect(
      checkSolanaSend({ amount: '0.5', receiver: ` ${receiver} `, balance: 2n * sol }),
    ).toEqual({ rule: undefined, lamports: sol / 2n, receiver })
    // a balance not read yet holds nothing back
    expect(checkSolanaSend({ amount: '3', receiver, balance: undefined }).rule).toBeUndefined()
  })

  test('error: the rules in SPEC §5 order, the first broken one', () => {
    const rule = (amount: string, to: string, balance: bigint | undefined = 2n * sol) =>
      checkSolanaSend({ amount, receiver: to, balance }).rule
    expect(rule('', receiver)).toBe('amountAndReceiverRequired')
    expect(rule('1', '  ')).toBe('amountAndReceiverRequired')
    expect(rule('abc', 'not an address')).toBe('invalidAmount')
    expect(rule('0', receiver)).toBe('invalidAmount')
    // SOL has 9 decimals: a tenth digit is not an amount
    expect(rule('0.0000000001', receiver)).toBe('invalidAmount')
    expect(rule('1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('invalidAddress')
    expect(rule('1', '1111111111111111111111111111111111111111111')).toBe('invalidAddress')
    expect(rule('2.000000001', receiver)).toBe('insufficientFunds')
    // all of it leaves nothing for the 5000-lamport fee
    expect(rule('2', receiver)).toBe('insufficientFundsForFee')
    expect(rule('1.999995', receiver)).toBeUndefined()
    expect(rule('1.999995001', receiver)).toBe('insufficientFundsForFee')
  })

  test('behavior: Max keeps the fee back', () => {
    expect(maxSolanaSend(2n * sol)).toBe(2n * sol - 5000n)
    expect(maxSolanaSend(5000n)).toBe(0n)
    expect(maxSolanaSend(0n)).toBe(0n)
  })
})
