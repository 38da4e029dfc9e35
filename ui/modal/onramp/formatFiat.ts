/**
 * An amount of money as the on-ramp views show it: the currency's symbol, grouped, 2 decimals.
 * @example formatFiat('1234.5', '$') // '$1,234.50'
 */
export function formatFiat(amount: string, symbol: string): string {
  const [whole = '0', fraction = ''] = amount.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${symbol}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`
}
