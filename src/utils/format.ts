/** A numeric value as callers hand it over: a number, a bigint or a decimal string. */
export type NumericValue = string | number | bigint

const decimalString = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** A decimal number as its sign and digit strings (see {@link toDecimal}). */
type Decimal = { negative: boolean; integer: string; fraction: string }

/**
 * `value` as decimal digits, undefined when it is not a number. Strings and numbers are handled
 * as digits so that floor never meets float error (0.3 stays 0.3, not 0.29999…) and long strings
 * keep every digit.
 */
export function toDecimal(value: NumericValue | undefined | null): Decimal | undefined {
  if (typeof value === 'bigint')
    return { negative: value < 0n, integer: (value < 0n ? -value : value).toString(), fraction: '' }
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined
  if (typeof value !== 'number' && typeof value !== 'string') return undefined
  const match = decimalString.exec(String(value).trim())
  if (!match) return undefined
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentDigits = '0'] = match
  if (!integerDigits && !fractionDigits) return undefined
  const exponent = Number(exponentDigits)
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return undefined
  const digits = integerDigits + fractionDigits
  const point = integerDigits.length + exponent
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point, '0')
  const split = Math.max(point, 0)
  return {
    negative: sign === '-',
    integer: padded.slice(0, split).replace(/^0+(?=\d)/, '') || '0',
    fraction: padded.slice(split),
  }
}

/** A quantity with a fixed number of decimals, cut (never rounded up), e.g. `1.9999` → '1.999'. */
export function formatQuantity(value: NumericValue, decimals = 3): string {
  const decimal = toDecimal(value) ?? { negative: false, integer: '0', fraction: '' }
  const fraction = decimal.fraction.slice(0, decimals).padEnd(decimals, '0')
  const isZero = /^0*$/.test(decimal.integer + fraction)
  const body = decimals > 0 ? `${decimal.integer}.${fraction}` : decimal.integer
  return decimal.negative && !isZero ? `-${body}` : body
}

/** A balance cut to 3 decimals, '0.000' when missing or invalid; with a symbol: '10000.000 ETH'. */
export function formatBalance(value: string | number | undefined, symbol?: string): string {
  const quantity = formatQuantity(value ?? 0, 3)
  return symbol ? `${quantity} ${symbol}` : quantity
}
