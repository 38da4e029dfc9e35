import { parseCanonicalRequest } from '../../src/approval/parseCanonicalRequest'
import type { ApprovalMethod, CanonicalRequest } from '../../src/approval/types'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { RpcCall } from './types'

/**
 * The approved canonical request of a signing or sending call, normalised again with the shared
 * code: anything but the exact object the frame showed, with its hash, is refused.
 */
export function readApproved<M extends ApprovalMethod>(
  call: RpcCall,
  method: M,
): Extract<CanonicalRequest, { method: M }> {
  if (call.request === undefined)
    throw new InvalidRequestError({
      reason: `${method} takes the approved request and its hash, not raw params.`,
    })
  return parseCanonicalRequest({
    request: call.request,
    hash: call.hash,
    method,
    chainId: call.chainId,
    account: call.wallet.address,
  }) as Extract<CanonicalRequest, { method: M }>
}
