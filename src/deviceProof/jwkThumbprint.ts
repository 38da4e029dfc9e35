import { toBase64url } from './base64url'
import type { DeviceJwk } from './deviceProofSchemas'

/** RFC 7638 SHA-256 thumbprint of a P-256 JWK, base64url: what a session is bound to. */
export async function jwkThumbprint(jwk: DeviceJwk): Promise<string> {
  // Required members only, in lexicographic order, no whitespace (RFC 7638 §3.2).
  const canonical = `{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}","y":"${jwk.y}"}`
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))
  return toBase64url(new Uint8Array(digest))
}
