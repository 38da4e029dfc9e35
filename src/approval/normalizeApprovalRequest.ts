import { readAddress, refuse } from './fields'
import { normalizePersonalSign } from './normalizePersonalSign'
import { normalizeSendCalls } from './normalizeSendCalls'
import { normalizeTransaction } from './normalizeTransaction'
import { normalizeTypedData } from './normalizeTypedData'
import type { ApprovalMethod, CanonicalRequest } from './types'

/** Methods {@link normalizeApprovalRequest} knows. */
export const approvalMethods: readonly ApprovalMethod[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
]

/** Whether `method` is one of {@link approvalMethods}. */
export function isApprovalMethod(method: string): method is ApprovalMethod {
  return (approvalMethods as readonly string[]).includes(method)
}

/** What {@link normalizeApprovalRequest} reads. */
export type NormalizeApprovalRequestParameters = {
  method: string
  params: unknown
  /** The chain the wallet was on when the request arrived. */
  chainId: number
  /** The signed-in account. */
  account: string
}

/**
 * Turns an RPC request that needs approval into its one canonical form: what the approval screen
 * shows, what the server signs or sends, and what is hashed. Ambiguity is refused with a typed
 * error (`InvalidRequestError`, `ChainMismatchError`, `AccountNotAuthorizedError`).
 *
 * @example
 * const canonical = normalizeApprovalRequest({ method, params, chainId: 1, account })
 */
export function normalizeApprovalRequest({
  method,
  params,
  chainId,
  account,
}: NormalizeApprovalRequestParameters): CanonicalRequest {
  if (!Number.isSafeInteger(chainId) || chainId <= 0)
    refuse('The active chain is not an EVM chain.')
  const own = readAddress(account, 'The account')
  switch (method) {
    case 'personal_sign':
      return normalizePersonalSign(params, chainId, own)
    case 'eth_signTypedData_v4':
      return normalizeTypedData(params, chainId, own)
    case 'eth_sendTransaction':
      return normalizeTransaction(params, chainId, own)
    case 'wallet_sendCalls':
      return normalizeSendCalls(params, chainId, own)
    default:
      return refuse(`${method} does not take an approval.`)
  }
}
