import * as z from 'zod/mini'
import { hashCanonicalRequest } from '../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../src/approval/normalizeApprovalRequest'
import { isSolanaApprovalMethod, isSolanaRequest } from '../src/approval/normalizeSolanaRequest'
import { parseSolanaCanonicalRequest } from '../src/approval/parseSolanaCanonicalRequest'
import type { ApprovalRequest } from '../src/approval/solanaTypes'
import { toApprovalParams } from '../src/approval/toApprovalParams'
import type { ApprovalSummary } from './approval/types'
import { describeApproval } from './describeApproval'

/**
 * What an approval is about, as the queue holds it: the canonical request (src/approval). The
 * popup gets this object whole and describes it with the same function as the frame, so both
 * screens show the same thing.
 */
export const approvalRequestSchema = z.custom<ApprovalRequest>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { method?: unknown }).method === 'string' &&
    (typeof (value as { chainId?: unknown }).chainId === 'number' ||
      isSolanaApprovalMethod((value as { method?: unknown }).method)),
)

/**
 * The approval screen's summary for a canonical request (frame and popup alike); the request is
 * normalised again first, so a popup shows only what the shared code accepts.
 */
export function describeApprovalRequest(request: ApprovalRequest): ApprovalSummary {
  if (isSolanaRequest(request))
    return describeApproval(
      parseSolanaCanonicalRequest({
        request,
        hash: hashCanonicalRequest(request),
        method: request.method,
        account: request.account,
      }),
    )
  const account = 'account' in request ? request.account : request.from
  const canonical = normalizeApprovalRequest({
    ...toApprovalParams(request),
    chainId: request.chainId,
    account,
  })
  return describeApproval(canonical)
}
