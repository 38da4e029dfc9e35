import * as fc from 'fast-check'
import { formatUnits } from 'viem'
import { describe, expect, test } from 'vitest'
import { checkSolanaSend, maxSolanaSend } from './checkSolanaSend'

const receiver = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const sol = 1_000_000_000n

describe('checkSolanaSend', () => {
  test('default: a valid form sends its lamports to the trimmed receiver', () => {
    expect(
      checkSolanaSend({ amount: '0.5', receiver: ` ${receiver} `, balance: 2n * sol }),
    ).toEqual({ rule: undefined, amount: sol / 2n, receiver })
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

  test('parameters: token: the amount in its decimals against its balance; SOL pays the fee', () => {
    const usd = { decimals: 6, balance: 2_500_000n }
    const check = (amount: string, balance: bigint | undefined = sol, token = usd) =>
      checkSolanaSend({ amount, receiver, balance, token, rent: 0n })
    expect(check('1.5')).toEqual({ rule: undefined, amount: 1_500_000n, receiver })
    // all of it: the fee is in SOL, not in the token
    expect(check('2.5').rule).toBeUndefined()
    expect(check('2.500001').rule).toBe('insufficientFunds')
    // 6 decimals: a seventh digit is not an amount, though SOL would take it
    expect(check('0.0000001').rule).toBe('invalidAmount')
    expect(check('0.0000001', sol, { decimals: 9, balance: sol }).rule).toBeUndefined()
    expect(check('1', 4999n).rule).toBe('insufficientFundsForFee')
    expect(check('1', 5000n).rule).toBeUndefined()
    // SOL not read yet: no SOL rule, the token's balance still applies
    expect(check('1', undefined).rule).toBeUndefined()
    expect(check('3', undefined).rule).toBe('insufficientFunds')
    // the rules before the balances, in SPEC §5 order
    expect(check('').rule).toBe('amountAndReceiverRequired')
    expect(check('1,2,3').rule).toBe('invalidAmount')
  })

  test('behavior: any amount up to a token balance, written in its decimals, sends exactly its base units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 18 }),
        fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
        fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
        (decimals, a, b) => {
          const [amount, balance] = a <= b ? [a, b] : [b, a]
          const token = { decimals, balance }
          const typed = formatUnits(amount, decimals)
          expect(checkSolanaSend({ amount: typed, receiver, balance: 5000n, token })).toEqual({
            rule: undefined,
            amount,
            receiver,
          })
          // one base unit more than held is refused
          const over = formatUnits(balance + 1n, decimals)
          expect(checkSolanaSend({ amount: over, receiver, balance: 5000n, token }).rule).toBe(
            'insufficientFunds',
          )
        },
      ),
    )
  })

  test('parameters: rent: the receiver account to create is paid in SOL with the fee', () => {
    const token = { decimals: 6, balance: 2_500_000n }
    const rent = 2_039_280n
    const check = (balance: bigint | undefined, rentDue: bigint | undefined) =>
      checkSolanaSend({ amount: '1', receiver, balance, token, rent: rentDue }).rule
    expect(check(rent + 5000n, rent)).toBeUndefined()
    expect(check(rent + 4999n, rent)).toBe('insufficientFundsForRent')
    // not even the fee: the fee's own rule first
    expect(check(4999n, rent)).toBe('insufficientFundsForFee')
    // rent not known yet (the account is being looked up) or none due: only the fee
    expect(check(5000n, undefined)).toBeUndefined()
    expect(check(5000n, 0n)).toBeUndefined()
    // SOL sends create no token account: a rent given is ignored
    expect(checkSolanaSend({ amount: '1', receiver, balance: sol + 5000n, rent }).rule).toBe(
      undefined,
    )
  })

  test('parameters: token.supported: false refuses the token before anything is typed', () => {
    const token = { decimals: 6, balance: 1n, supported: false }
    expect(checkSolanaSend({ amount: '', receiver: '', balance: sol, token }).rule).toBe(
      'unsupportedToken',
    )
    expect(
      checkSolanaSend({ amount: '1', receiver, balance: sol, token: { ...token, supported: true } })
        .rule,
    ).toBe('insufficientFunds')
    // unknown yet (a Token-2022 mint being read): the other rules apply
    expect(
      checkSolanaSend({
        amount: '0.000001',
        receiver,
        balance: sol,
        token: { ...token, supported: undefined },
      }).rule,
    ).toBeUndefined()
  })

  test('parameters: rentExemptMinimum: SOL opening an account brings the minimum; the sender keeps none or the minimum', () => {
    const minimum = 890_880n
    const check = (amount: string, balance: bigint, receiverHasAccount: boolean | undefined) =>
      checkSolanaSend({ amount, receiver, balance, receiverHasAccount, rentExemptMinimum: minimum })
        .rule
    // 890,879 lamports to an address without an account; 890,880 opens it
    expect(check('0.000890879', sol, false)).toBe('belowNewAccountMinimum')
    expect(check('0.00089088', sol, false)).toBeUndefined()
    // an account there already takes any amount; not known yet: the rule waits
    expect(check('0.000000001', sol, true)).toBeUndefined()
    expect(check('0.000000001', sol, undefined)).toBeUndefined()
    expect(
      checkSolanaSend({ amount: '0.000000001', receiver, balance: sol, receiverHasAccount: false })
        .rule,
    ).toBeUndefined()
    // what is left after the amount and the fee: none (Max), the minimum, or more
    expect(check('0.999995', sol, true)).toBeUndefined()
    const upToMinimum = formatUnits(sol - 5000n - minimum, 9)
    expect(check(upToMinimum, sol, true)).toBeUndefined()
    expect(check(formatUnits(sol - 5000n - minimum + 1n, 9), sol, true)).toBe(
      'leavesBelowRentMinimum',
    )
    expect(check(formatUnits(sol - 5000n - 1n, 9), sol, true)).toBe('leavesBelowRentMinimum')
    // a token send: the fee and the new token account's rent come out of SOL
    const token = { decimals: 6, balance: 2_500_000n }
    const tokenRule = (balance: bigint, rent: bigint) =>
      checkSolanaSend({ amount: '1', receiver, balance, token, rent, rentExemptMinimum: minimum })
        .rule
    expect(tokenRule(5000n + 2_039_280n, 2_039_280n)).toBeUndefined()
    expect(tokenRule(5000n + 2_039_280n + 1n, 2_039_280n)).toBe('leavesBelowRentMinimum')
    expect(tokenRule(5000n + 2_039_280n + minimum, 2_039_280n)).toBeUndefined()
  })

  test('behavior: Max keeps the fee back', () => {
    expect(maxSolanaSend(2n * sol)).toBe(2n * sol - 5000n)
    expect(maxSolanaSend(5000n)).toBe(0n)
    expect(maxSolanaSend(0n)).toBe(0n)
  })
})
