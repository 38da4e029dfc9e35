import * as z from 'zod/mini'
import { deviceProofType } from './deviceProofConstants'

// 32 bytes as unpadded base64url: a P-256 coordinate or a SHA-256 digest.
const b64url32 = z.string().check(z.regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/))

/** The public device key as a JWK: P-256, `x` and `y` only (no private `d`). */
export const deviceJwkSchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: b64url32,
  y: b64url32,
})

/** The public device key (JWK, P-256). */
export type DeviceJwk = z.output<typeof deviceJwkSchema>

/** The proof's protected header. */
export const deviceProofHeaderSchema = z.strictObject({
  typ: z.literal(deviceProofType),
  alg: z.literal('ES256'),
  jwk: deviceJwkSchema,
})

/** The proof's claims. */
export const deviceProofClaimsSchema = z.strictObject({
  /** HTTP method, upper case. */
  htm: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** Path with query, as requested: `/v1/user?chainId=1`. */
  htu: z.string().check(z.minLength(1), z.maxLength(2048), z.startsWith('/')),
  /** SHA-256 of the exact body bytes (of zero bytes when there is no body), base64url. */
  bh: b64url32,
  /** Issued at, in whole seconds since the epoch (server clock, see `Latchkey-Time`). */
  iat: z.number().check(z.int(), z.nonnegative(), z.maximum(2 ** 40)),
  /** The last nonce the server handed out (`Latchkey-Nonce`); may be absent on a first call. */
  nonce: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  /** A unique id: 16 to 64 characters of base64url. */
  jti: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
})

/** The proof's claims. */
export type DeviceProofClaims = z.output<typeof deviceProofClaimsSchema>
