import { refuse } from './fields'

/**
 * Deterministic JSON: object keys sorted by code unit, no whitespace, bigints as 0x hex, undefined
 * object fields left out. Anything else JSON cannot carry (functions, NaN, cycles) is refused.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > 64) refuse('The request is nested too deeply.')
  if (value === null || typeof value === 'boolean' || typeof value === 'string')
    return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) refuse('The request holds a number JSON cannot carry.')
    return JSON.stringify(value)
  }
  if (typeof value === 'bigint') return JSON.stringify(`0x${value.toString(16)}`)
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key], depth + 1)}`).join(',')}}`
  }
  return refuse('The request holds a value JSON cannot carry.')
}
