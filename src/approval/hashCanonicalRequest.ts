import { sha256, stringToBytes } from 'viem'
import { canonicalJson } from './canonicalJson'
import type { CanonicalRequest } from './types'

/** SHA-256 (0x hex) of the request's deterministic JSON encoding (see `canonicalJson`). */
export function hashCanonicalRequest(request: CanonicalRequest): `0x${string}` {
  return sha256(stringToBytes(canonicalJson(request)))
}
