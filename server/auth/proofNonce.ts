import { createHmac, timingSafeEqual } from 'node:crypto'
import { deviceNonceTtlMs } from '../../src/deviceProof/deviceProofConstants'
import type { ServerContext } from '../context'
import { keysOf } from '../crypto/masterKey'

type Context = Pick<ServerContext, 'keys' | 'now'>

const macBytes = 16

function mac(key: Uint8Array, issuedAt: Buffer): Buffer {
  return createHmac('sha256', key)
    .update('latchkey/proof-nonce/v1:')
    .update(issuedAt)
    .digest()
    .subarray(0, macBytes)
}

/**
 * A fresh device-proof nonce: the issue time (ms, 8 bytes) and a 128-bit HMAC of it under a key
 * derived from the master key, base64url. Stateless: any server with the master key checks it.
 */
export function issueProofNonce(context: Context): string {
  const issuedAt = Buffer.alloc(8)
  issuedAt.writeBigUInt64BE(BigInt(Math.max(0, Math.floor(context.now()))))
  return Buffer.concat([issuedAt, mac(context.keys.proofNonce, issuedAt)]).toString('base64url')
}

/** Whether `nonce` was issued by this server (same master key) within the last 5 minutes. */
export function isProofNonceFresh(context: Context, nonce: string | undefined): boolean {
  if (!nonce || !/^[A-Za-z0-9_-]{32}$/.test(nonce)) return false
  const bytes = Buffer.from(nonce, 'base64url')
  if (bytes.length !== 8 + macBytes) return false
  const issuedAt = bytes.subarray(0, 8)
  // A nonce of a server still on an extra master key (a rotation rolling out) is as good.
  const signed = keysOf(context.keys, 'proofNonce').some((key) =>
    timingSafeEqual(bytes.subarray(8), mac(key, issuedAt)),
  )
  if (!signed) return false
  const age = context.now() - Number(issuedAt.readBigUInt64BE())
  // A little room for a clock that stepped back between issue and use.
  return age >= -5_000 && age <= deviceNonceTtlMs
}
