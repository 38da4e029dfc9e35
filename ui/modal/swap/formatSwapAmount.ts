import { formatUnits } from 'viem'

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * An amount in base units as the swap views show it: thousands grouped, then up to 6 significant
 * digits in all (at least the whole part, at most `decimals` fraction digits, trailing zeros cut).
 * @example formatSwapAmount(1_990_123_456_000_000_000_000n, 18) // '1,990.12'
 */
export function formatSwapAmount(value: bigint, decimals: number): string {
  const [whole = '0', fraction = ''] = formatUnits(value, decimals).split('.')
  const wholeText = grouping.format(BigInt(whole))
  const significant = whole === '0' ? fraction.search(/[1-9]/) + 4 : Math.max(0, 6 - whole.length)
  const cut = fraction.slice(0, Math.max(0, significant)).replace(/0+$/, '')
  return cut ? `${wholeText}.${cut}` : wholeText
}
