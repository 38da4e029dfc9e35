import { numberToHex } from 'viem'
import { refuse } from './fields'

function without(
  record: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(record)) if (!keys.includes(key)) out[key] = record[key]
  return out
}

/**
 * The RPC params a canonical request stands for, read from an untrusted object: normalising them
 * again gives the canonical request back. Unknown fields are passed on, so the normaliser refuses
 * them; a field it derives (such as `text`) must match (see `parseCanonicalRequest`).
 */
export function toApprovalParams(request: unknown): { method: string; params: unknown[] } {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    refuse('The request must be an object.')
  const r = request as Record<string, unknown>
  const chainId =
    typeof r.chainId === 'number' && Number.isSafeInteger(r.chainId) && r.chainId > 0
      ? numberToHex(r.chainId)
      : undefined
  switch (r.method) {
    case 'personal_sign':
      return { method: r.method, params: [r.message, r.account] }
    case 'eth_signTypedData_v4':
      return { method: r.method, params: [r.account, r.typedData] }
    case 'eth_sendTransaction':
      return {
        method: r.method,
        params: [{ ...without(r, ['method', 'chainId']), chainId }],
      }
    case 'wallet_sendCalls':
      return {
        method: r.method,
        params: [{ ...without(r, ['method', 'chainId']), chainId, atomicRequired: false }],
      }
    default:
      return refuse('The request has no known method.')
  }
}
