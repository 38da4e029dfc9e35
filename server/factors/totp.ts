import { createHmac, randomBytes } from 'node:crypto'

// RFC 6238 (TOTP) over RFC 4226 (HOTP), as authenticator apps use it: HMAC-SHA-1 (node:crypto),
// 6 digits, 30-second steps. Only the time-step and truncation logic is ours.

/** Seconds per time step. */
export const totpPeriod = 30
/** Digits of a code. */
export const totpDigits = 6

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding, as otpauth URIs carry secrets. */
export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31]
  return out
}

/** RFC 4648 base32 (padding, spaces and case ignored) to bytes; undefined when invalid. */
export function decodeBase32(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = alphabet.indexOf(char)
    if (index < 0) return undefined
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new secret: 160 random bits (RFC 4226's recommended length), base32. */
export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(20))
}

/** The time step of `ms` (Unix time in ms). */
export function totpStep(ms: number): number {
  return Math.floor(ms / 1000 / totpPeriod)
}

/** The HOTP code of `secret` (bytes) at `counter`, `digits` long (RFC 4226 §5.3). */
export function hotp(secret: Uint8Array, counter: number, digits = totpDigits): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', secret).update(message).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/**
 * The step a code matches at `ms`: the current one, or the one before or after (clocks drift,
 * and a code typed at the end of its 30 seconds arrives in the next); undefined when none. Each
 * candidate is compared in full, in constant time per comparison.
 */
export function matchTotpStep(secret: Uint8Array, code: string, ms: number): number | undefined {
  const now = totpStep(ms)
  let matched: number | undefined
  for (const step of [now - 1, now, now + 1]) {
    const expected = hotp(secret, step)
    let difference = expected.length ^ code.length
    for (let index = 0; index < expected.length; index++)
      difference |= expected.charCodeAt(index) ^ (code.charCodeAt(index) || 0)
    if (difference === 0) matched = step
  }
  return matched
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code (Key URI Format). */
export function otpauthUri({
  secret,
  issuer,
  account,
}: {
  secret: string
  issuer: string
  account: string
}): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpPeriod),
  })
  return `otpauth://totp/${label}?${query}`
}
