/**
 * A `Retry-After` value in ms (RFC 9110: delay-seconds or an HTTP-date), or undefined when it is
 * missing, negative, in the past or not either form (the caller then backs off on its own).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000)
  // Only an IMF-fixdate, RFC 850 or asctime date: Date.parse accepts far more than RFC 9110.
  if (!/^[A-Za-z]{3},? /.test(text) && !/^[A-Za-z]+day, /.test(text)) return undefined
  const at = Date.parse(text)
  if (Number.isNaN(at) || at <= now) return undefined
  return at - now
}
