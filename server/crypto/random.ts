import { randomBytes, randomInt } from 'node:crypto'

/** A 256-bit random secret as base64url (session tokens). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A 128-bit random id as hex (rows, call batches). */
export function randomId(): string {
  return randomBytes(16).toString('hex')
}

/** A 6-digit one-time code from the CSPRNG, zero-padded. */
export function randomOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}
