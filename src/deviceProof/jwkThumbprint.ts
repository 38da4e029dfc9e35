import { toBase64url } from './base64url'
import type { DeviceJwk } from './deviceProofSchemas'

/** The RFC 7638 input of a P-256 JWK: required members only, sorted, no whitespace (§3.2). */
export function jwkThumbprintInput(jwk: DeviceJwk): string {
  return `{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}","y":"${jwk.y}"}`
}

/** RFC 7638 SHA-256 thumbprint of a P-256 JWK, base64url: what a session is bound to. */
export async function jwkThumbprint(jwk: DeviceJwk): Promise<string> {
  const canonical = jwkThumbprintInput(jwk)
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))
  return toBase64url(new Uint8Array(digest))
}
