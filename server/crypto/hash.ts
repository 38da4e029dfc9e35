import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** SHA-256 as hex: for high-entropy secrets such as session tokens. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/**
 * HMAC-SHA-256 as hex: for low-entropy secrets such as 6-digit codes, so a stolen database
 * cannot be brute-forced without the key.
 */
export function hmacHex(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex')
}

/** Compares two hex digests in constant time. */
export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}
