import { formatUnits } from 'viem'
import { formatQuantity } from '../../../src/utils/format'

/**
 * An amount in base units for the send views: 3 decimals (SPEC §5), or up to 8 significant
 * fraction digits for a positive amount that 3 decimals would show as 0.000 (a network fee).
 * @example formatSendAmount(42_000_000_000_000n, 18) // '0.000042'
 */
export function formatSendAmount(value: bigint, decimals: number): string {
  const whole = formatUnits(value, decimals)
  const short = formatQuantity(whole, 3)
  if (value <= 0n || !/^0\.0+$/.test(short)) return short
  const [, fraction = ''] = whole.split('.')
  const firstDigit = fraction.search(/[1-9]/)
  return `0.${fraction.slice(0, Math.min(firstDigit + 2, 18)).replace(/0+$/, '')}`
}
