import { toBase64url } from './base64url'
import { bodyHash } from './bodyHash'
import { deviceProofType } from './deviceProofConstants'
import type { DeviceJwk } from './deviceProofSchemas'

/** What one proof covers. */
export type CreateDeviceProofParameters = {
  /** The device's private key (ECDSA P-256; may be non-extractable). */
  privateKey: CryptoKey
  /** Its public key. */
  jwk: DeviceJwk
  method: string
  /** Path with query, exactly as requested: `/v1/user?chainId=1`. */
  path: string
  /** The exact body sent (undefined: no body). */
  body?: string | Uint8Array | undefined
  /** The server's last nonce, if any. */
  nonce?: string | undefined
  /** Issued at, whole seconds (server clock). */
  iat: number
  /** Unique id; random 128 bits when omitted. */
  jti?: string | undefined
}

const encodeJson = (value: unknown) => toBase64url(new TextEncoder().encode(JSON.stringify(value)))

/**
 * Signs a device proof: a compact JWS (ES256) whose header carries the public JWK and whose
 * claims bind the request (method, path, body hash), the time, the server nonce and a unique id.
 * @example
 * const proof = await createDeviceProof({ privateKey, jwk, method: 'POST', path: '/v1/rpc', body, nonce, iat })
 * headers.set('Latchkey-Proof', proof)
 */
export async function createDeviceProof(parameters: CreateDeviceProofParameters): Promise<string> {
  const { jwk } = parameters
  const header = {
    typ: deviceProofType,
    alg: 'ES256',
    jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
  }
  const claims = {
    htm: parameters.method.toUpperCase(),
    htu: parameters.path,
    bh: await bodyHash(parameters.body),
    iat: parameters.iat,
    ...(parameters.nonce ? { nonce: parameters.nonce } : {}),
    jti: parameters.jti ?? toBase64url(crypto.getRandomValues(new Uint8Array(16))),
  }
  const input = `${encodeJson(header)}.${encodeJson(claims)}`
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    parameters.privateKey,
    new TextEncoder().encode(input),
  )
  // WebCrypto's ECDSA signature is r‖s (64 bytes), exactly JWS ES256's encoding.
  return `${input}.${toBase64url(new Uint8Array(signature))}`
}
