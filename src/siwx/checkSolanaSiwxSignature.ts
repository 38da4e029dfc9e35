import { ed25519 } from '@noble/curves/ed25519'
import { decodeBase58 } from '../utils/decodeBase58'

/**
 * Why a Solana sign-in signature is refused: `encoding` (not the base58 of 64 bytes),
 * `nonCanonical` (S not below the group order: the malleable twin of a signature), `publicKey`
 * (the address is not an Ed25519 key that can sign: not a point, a non-canonical encoding or a
 * point of small order), `message` (a lone UTF-16 surrogate: no exact UTF-8 bytes to check) or
 * `mismatch` (not this key's signature of these bytes).
 */
export type SolanaSiwxSignatureProblem =
  | 'encoding'
  | 'nonCanonical'
  | 'publicKey'
  | 'message'
  | 'mismatch'

/** Parameters of {@link checkSolanaSiwxSignature}. */
export type CheckSolanaSiwxSignatureParameters = {
  /** The message's account: a base58 Ed25519 public key. */
  address: string
  /** The exact text signed; its UTF-8 bytes are what the wallet signed (`solana:signMessage`). */
  message: string
  /** The 64-byte signature in base58, as Solana writes signatures. */
  signature: string
}

// 64 bytes are 64 (all zero) to 88 base58 characters. Checked before decoding: the decoder is
// quadratic and a verify request may carry 64 KiB.
const signaturePattern = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/
const loneSurrogate = /\p{Cs}/u

function scalarOf(bytes: Uint8Array): bigint {
  let value = 0n
  for (let index = bytes.length - 1; index >= 0; index--)
    value = (value << 8n) | BigInt(bytes[index] as number)
  return value
}

/**
 * Checks a Solana sign-in signature: Ed25519 (RFC 8032, strict: `zip215: false`, so
 * non-canonical point encodings are refused, and small-order keys, which admit signatures nobody
 * made) by `address` over the UTF-8 bytes of `message`. Returns `undefined` when it holds, else
 * the problem. The signature must be base58 only (no base64: one rule, no guessing).
 * @see https://github.com/ChainAgnostic/namespaces/blob/main/solana/caip122.md
 * @see https://www.rfc-editor.org/rfc/rfc8032#section-5.1.7
 */
export function checkSolanaSiwxSignature(
  parameters: CheckSolanaSiwxSignatureParameters,
): SolanaSiwxSignatureProblem | undefined {
  const { address, message, signature } = parameters
  const bytes = signaturePattern.test(signature) ? decodeBase58(signature) : undefined
  if (bytes?.length !== 64) return 'encoding'
  // RFC 8032 §5.1.7: S must be below L; S + L would verify in a lax verifier.
  if (scalarOf(bytes.subarray(32)) >= ed25519.CURVE.n) return 'nonCanonical'
  const publicKey = decodeBase58(address)
  if (publicKey?.length !== 32) return 'publicKey'
  try {
    // fromHex decodes strictly (RFC 8032: y below p, no negative zero) unless told ZIP-215.
    if (ed25519.ExtendedPoint.fromHex(publicKey).isSmallOrder()) return 'publicKey'
  } catch {
    return 'publicKey'
  }
  if (loneSurrogate.test(message)) return 'message'
  const valid = ed25519.verify(bytes, new TextEncoder().encode(message), publicKey, {
    zip215: false,
  })
  return valid ? undefined : 'mismatch'
}
