import { InvalidDeviceProofError } from '../errors/InvalidDeviceProofError'
import { fromBase64url } from './base64url'
import {
  type DeviceJwk,
  type DeviceProofClaims,
  deviceProofClaimsSchema,
  deviceProofHeaderSchema,
} from './deviceProofSchemas'

/** A parsed, not yet verified device proof. */
export type DeviceProof = {
  jwk: DeviceJwk
  claims: DeviceProofClaims
  /** The signed bytes: ASCII of `<header>.<claims>` as sent. */
  signingInput: Uint8Array<ArrayBuffer>
  /** r‖s, 64 bytes. */
  signature: Uint8Array<ArrayBuffer>
}

const maxLength = 4096

function decodeJson(part: string): unknown {
  const bytes = fromBase64url(part)
  if (!bytes) return undefined
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return undefined
  }
}

/** Parses a `Latchkey-Proof` header value; throws `InvalidDeviceProofError` naming what is wrong. */
export function readDeviceProof(value: string | undefined): DeviceProof {
  if (!value) throw new InvalidDeviceProofError({ reason: 'The request carries no device proof.' })
  if (value.length > maxLength)
    throw new InvalidDeviceProofError({ reason: 'The device proof is too long.' })
  const parts = value.split('.')
  const [headerPart, claimsPart, signaturePart] = parts
  if (parts.length !== 3 || !headerPart || !claimsPart || !signaturePart)
    throw new InvalidDeviceProofError({ reason: 'The device proof is not a compact JWS.' })
  const header = deviceProofHeaderSchema.safeParse(decodeJson(headerPart))
  if (!header.success)
    throw new InvalidDeviceProofError({ reason: 'The device proof header is invalid.' })
  const claims = deviceProofClaimsSchema.safeParse(decodeJson(claimsPart))
  if (!claims.success)
    throw new InvalidDeviceProofError({ reason: 'The device proof claims are invalid.' })
  const signature = fromBase64url(signaturePart)
  if (signature?.length !== 64)
    throw new InvalidDeviceProofError({ reason: 'The device proof signature is malformed.' })
  return {
    jwk: header.data.jwk,
    claims: claims.data,
    signingInput: new TextEncoder().encode(`${headerPart}.${claimsPart}`),
    signature,
  }
}
