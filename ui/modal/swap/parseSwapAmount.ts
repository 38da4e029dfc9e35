import { parseUnits } from 'viem'

/**
 * The amount typed on Swap in base units: undefined when empty, `'invalid'` when it is not a
 * positive decimal with at most `decimals` fraction digits (a comma reads as a point).
 * @example parseSwapAmount('1,5', 18) // 1500000000000000000n
 */
export function parseSwapAmount(input: string, decimals: number): bigint | 'invalid' | undefined {
  const text = input.trim().replace(',', '.')
  if (!text) return undefined
  if (!/^\d*\.?\d*$/.test(text) || text === '.') return 'invalid'
  const [, fraction = ''] = text.split('.')
  if (fraction.length > decimals) return 'invalid'
  const value = parseUnits(text, decimals)
  return value > 0n ? value : 'invalid'
}
