import type { ChainNamespace } from '../networks'

// Character classes of RFC 3986, used by the EIP-4361 ABNF.
const unreserved = 'A-Za-z0-9\\-._~'
const subDelims = "!$&'()*+,;="
const genDelims = ':/?#\\[\\]@'

/** `statement = *( reserved / unreserved / " " )` (EIP-4361). */
export const statementPattern = new RegExp(`^[${unreserved}${subDelims}${genDelims} ]*$`)

/** `request-id = *pchar` (EIP-4361, RFC 3986 pchar). */
export const requestIdPattern = new RegExp(`^(?:[${unreserved}${subDelims}:@]|%[0-9A-Fa-f]{2})*$`)

/** An RFC 3986 scheme. */
export const schemePattern = /^[A-Za-z][A-Za-z0-9+.-]*$/

/**
 * The DNS names accepted as a `domain`'s reg-name host (stricter than RFC 3986's reg-name):
 * letters, digits and inner hyphens in dot-separated labels of at most 63 characters. A trailing
 * dot, an empty label, a label edged by `-` or a percent escape is refused.
 */
export const dnsNamePattern =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/

/** `nonce = 8*( ALPHA / DIGIT )` (EIP-4361), capped. */
export const noncePattern = /^[A-Za-z0-9]{8,128}$/

/** Characters that end a line anywhere a message is displayed. */
export const lineBreakPattern = /[\n\r\v\f\u0085\u2028\u2029]/

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/

/** Milliseconds since the epoch of an RFC 3339 `date-time`, or `undefined` when it is not one. */
export function parseDateTime(value: string): number | undefined {
  const match = dateTimePattern.exec(value)
  if (!match) return undefined
  const [, year, month, day, hour, minute, second, , sign, offsetHour, offsetMinute] = match
  const y = Number(year)
  const mo = Number(month)
  const d = Number(day)
  const h = Number(hour)
  const mi = Number(minute)
  const s = Number(second)
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  const daysInMonth = mo === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(mo) ? 30 : 31
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) return undefined
  if (sign && (Number(offsetHour) > 23 || Number(offsetMinute) > 59)) return undefined
  const time = Date.parse(value.toUpperCase())
  return Number.isNaN(time) ? undefined : time
}

/** Name of each namespace's blockchain in the message header ("…with your Solana account:"). */
export const namespaceNames: Record<ChainNamespace, string> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
}

/** The namespace whose blockchain name appears in a message header. */
export function namespaceOfName(name: string): ChainNamespace | undefined {
  for (const [namespace, value] of Object.entries(namespaceNames))
    if (value === name) return namespace as ChainNamespace
  return undefined
}
