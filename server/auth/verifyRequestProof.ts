import { createHash, createPublicKey, verify } from 'node:crypto'
import type { Context as HonoContext } from 'hono'
import {
  deviceProofHeader,
  deviceProofSkewSeconds,
} from '../../src/deviceProof/deviceProofConstants'
import type { DeviceJwk } from '../../src/deviceProof/deviceProofSchemas'
import { jwkThumbprintInput } from '../../src/deviceProof/jwkThumbprint'
import { type DeviceProof, readDeviceProof } from '../../src/deviceProof/readDeviceProof'
import { DeviceProofNonceError } from '../../src/errors/DeviceProofNonceError'
import { InvalidDeviceProofError } from '../../src/errors/InvalidDeviceProofError'
import type { ServerContext } from '../context'
import { isProofNonceFresh } from './proofNonce'

/** The device key a request proved it holds. */
export interface ProvenKey {
  jwk: DeviceJwk
  /** RFC 7638 thumbprint, base64url. */
  thumbprint: string
}

type Context = Pick<ServerContext, 'storage' | 'now' | 'keys'>

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('base64url')

// The server checks with node:crypto (OpenSSL, the same code under Node's WebCrypto) because it
// is synchronous: no thread-pool round trips, well under the 2 ms budget per request.
function signatureValid(proof: DeviceProof): boolean {
  try {
    const key = createPublicKey({ key: { ...proof.jwk }, format: 'jwk' })
    return verify('sha256', proof.signingInput, { key, dsaEncoding: 'ieee-p1363' }, proof.signature)
  } catch {
    // A point off the curve, or any other key OpenSSL refuses.
    return false
  }
}

/** The parts of a request a proof covers. */
export interface ProofRequest {
  method: string
  /** Path with query, as received. */
  path: string
  /** The exact body bytes (undefined: none). */
  body: Uint8Array | undefined
  /** The `Latchkey-Proof` header. */
  proof: string | undefined
}

/** Reads what a proof covers from a Hono request (the body stays readable for the route). */
export async function proofRequestOf(c: HonoContext): Promise<ProofRequest> {
  const method = c.req.method.toUpperCase()
  const url = new URL(c.req.url)
  const body =
    method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await c.req.arrayBuffer())
  return {
    method,
    path: `${url.pathname}${url.search}`,
    body,
    proof: c.req.header(deviceProofHeader),
  }
}

/**
 * Verifies a request's device proof (DPoP-style, docs/device-proof.md): structure, method, path,
 * body hash, signature, `iat` within ±60 s of the server clock, a fresh server nonce, and a `jti`
 * never seen before. With `thumbprint`, the proof must be signed by that key (the session's).
 * Throws `InvalidDeviceProofError`, or `DeviceProofNonceError` when a retry with the nonce and
 * time of the answer's headers would pass.
 */
export async function verifyRequestProof(
  context: Context,
  request: ProofRequest,
  { thumbprint: expected }: { thumbprint?: string | undefined } = {},
): Promise<ProvenKey> {
  const proof = readDeviceProof(request.proof)
  const { claims } = proof
  const thumbprint = sha256(jwkThumbprintInput(proof.jwk))
  if (expected !== undefined && thumbprint !== expected)
    throw new InvalidDeviceProofError({ reason: 'The proof is signed by another key.' })
  if (claims.htm !== request.method)
    throw new InvalidDeviceProofError({ reason: 'The proof is for another method.' })
  if (claims.htu !== request.path)
    throw new InvalidDeviceProofError({ reason: 'The proof is for another path.' })
  if (claims.bh !== sha256(request.body ?? new Uint8Array()))
    throw new InvalidDeviceProofError({ reason: 'The proof is for another body.' })
  if (!signatureValid(proof))
    throw new InvalidDeviceProofError({ reason: 'The proof signature is invalid.' })
  const nowSeconds = Math.floor(context.now() / 1000)
  if (Math.abs(claims.iat - nowSeconds) > deviceProofSkewSeconds)
    throw new DeviceProofNonceError({ reason: 'The proof was not issued within the last minute.' })
  if (!isProofNonceFresh(context, claims.nonce))
    throw new DeviceProofNonceError({ reason: 'The proof nonce is missing, unknown or expired.' })
  // Remembered until `iat` leaves the window; after that the time check refuses it anyway.
  const until = (claims.iat + deviceProofSkewSeconds + 1) * 1000
  if (!(await context.storage.proofIds.use(`${thumbprint}.${claims.jti}`, until)))
    throw new InvalidDeviceProofError({ reason: 'The proof was used before.' })
  return { jwk: proof.jwk, thumbprint }
}
