import * as z from 'zod/mini'
import { type ApprovalSummary, describeApproval } from './describeApproval'

/**
 * What an approval is about, as the queue holds it. The popup gets this object whole and
 * describes it with the same function as the frame, so both screens show the same thing.
 */
export const approvalRequestSchema = z.object({ method: z.string(), params: z.unknown() })

/** What an approval is about (see {@link approvalRequestSchema}). */
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>

/** The approval screen's title and rows for a request (frame and popup alike). */
export function describeApprovalRequest(request: ApprovalRequest): ApprovalSummary {
  return describeApproval(request.method, request.params)
}
