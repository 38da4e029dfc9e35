// Money amounts for the account views. A file apart from ./format: the first bundle's button uses
// that one, and a bundler gives a file's code to every chunk that reaches the file.
import { type NumericValue, toDecimal } from './format'

// One formatter per number of decimals: building an Intl.NumberFormat costs far more than using
// one, and a token list formats two amounts per row on every render.
const formatters = new Map<number, Intl.NumberFormat>()
function numberFormat(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    formatters.set(decimals, formatter)
  }
  return formatter
}

/** A number rounded to `decimals` places with en-US thousands separators, '0.00' when invalid. */
export function formatNumber(value: NumericValue, decimals = 2): string {
  const decimal = toDecimal(value)
  const formatter = numberFormat(decimals)
  if (!decimal) return formatter.format(0)
  const plain = `${decimal.negative ? '-' : ''}${decimal.integer}.${decimal.fraction || '0'}`
  // Intl formats decimal strings exactly; '-0.00' reads as a bug, so zero loses its sign.
  return formatter.format(plain as Intl.StringNumericLiteral).replace(/^-(?=[0.,]*$)/, '')
}

/** A US dollar amount with 2 decimals, e.g. '$1,234.57' or '-$3.10'. */
export function formatUsd(value: NumericValue): string {
  const formatted = formatNumber(value, 2)
  return formatted.startsWith('-') ? `-$${formatted.slice(1)}` : `$${formatted}`
}
