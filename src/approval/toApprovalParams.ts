import { numberToHex } from 'viem'
import { refuse } from './fields'

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) if (Object.hasOwn(record, key)) out[key] = record[key]
  return out
}

const feeKeys = ['gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const

/**
 * The RPC params a canonical request stands for, read from an untrusted object: normalising them
 * again gives the canonical request back (see `parseCanonicalRequest`). Unknown fields are dropped
 * here, so a request that carries any is not canonical and is refused there.
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
        params: [{ ...pick(r, ['from', 'to', 'value', 'data', ...feeKeys, 'nonce']), chainId }],
      }
    case 'wallet_sendCalls': {
      const calls = Array.isArray(r.calls)
        ? r.calls.map((call) =>
            typeof call === 'object' && call !== null
              ? pick(call as Record<string, unknown>, ['to', 'value', 'data', 'gas'])
              : call,
          )
        : r.calls
      return {
        method: r.method,
        params: [
          {
            ...pick(r, ['version', 'from', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas']),
            chainId,
            atomicRequired: false,
            calls,
          },
        ],
      }
    }
    default:
      return refuse('The request has no known method.')
  }
}
