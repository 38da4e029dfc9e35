import { parseUnits } from 'viem'

/** What an amount field holds, in the token's base units. */
export type ParsedSendAmount =
  | { kind: 'empty' }
  | { kind: 'amount'; value: bigint }
  | { kind: 'invalid'; reason: 'notANumber' | 'tooManyDecimals' | 'zero' }

const amountPattern = /^(\d*)(?:[.,](\d*))?$/

/**
 * Reads an amount as typed ('1.5', '.5', '2,25') into base units of a token with `decimals`:
 * digits with at most one decimal separator, no sign, no exponent, no more fraction digits than
 * the token has, and more than zero.
 * @example parseSendAmount('1.5', 6) // { kind: 'amount', value: 1500000n }
 */
export function parseSendAmount(input: string, decimals: number): ParsedSendAmount {
  const value = input.trim()
  if (!value) return { kind: 'empty' }
  const match = amountPattern.exec(value)
  const [, integer = '', fraction = ''] = match ?? []
  if (!match || (!integer && !fraction)) return { kind: 'invalid', reason: 'notANumber' }
  if (fraction.length > decimals) return { kind: 'invalid', reason: 'tooManyDecimals' }
  const units = parseUnits(`${integer || '0'}.${fraction || '0'}`, decimals)
  if (units === 0n) return { kind: 'invalid', reason: 'zero' }
  return { kind: 'amount', value: units }
}
