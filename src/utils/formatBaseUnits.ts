/**
 * An amount in base units (wei for 18 decimals) as a decimal cut to `places` decimals (never
 * rounded up), with the symbol when given: `formatBaseUnits(10n ** 22n, 18, 'ETH')` is
 * '10000.000 ETH'. What `formatBalance(formatUnits(value, decimals), symbol)` gives, in bigint
 * arithmetic alone (the first bundle's button shows it; ./format's parser stays with the modal).
 */
export function formatBaseUnits(value: bigint, decimals: number, symbol?: string, places = 3) {
  const negative = value < 0n
  const magnitude = negative ? -value : value
  const shift = decimals - places
  const scaled = shift >= 0 ? magnitude / 10n ** BigInt(shift) : magnitude * 10n ** BigInt(-shift)
  const digits = scaled.toString().padStart(places + 1, '0')
  const body = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits
  const quantity = negative && scaled !== 0n ? `-${body}` : body
  return symbol ? `${quantity} ${symbol}` : quantity
}
