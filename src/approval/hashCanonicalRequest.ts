import { sha256, stringToBytes } from 'viem'
import { canonicalJson } from './canonicalJson'
import type { ApprovalRequest } from './solanaTypes'

/** SHA-256 (0x hex) of the request's deterministic JSON encoding (see `canonicalJson`). */
export function hashCanonicalRequest(request: ApprovalRequest): `0x${string}` {
  return sha256(stringToBytes(canonicalJson(request)))
}
