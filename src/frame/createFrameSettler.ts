import { isUserRejection } from '../errors/isUserRejection'
import type { FrameApprovals } from './createFrameApprovals'
import type { PendingRequest, PendingRequests } from './createPendingRequests'
import type { FrameClientStats } from './frameClientTypes'

/** Settles pending requests exactly once, counting them and closing their approval screen. */
export function createFrameSettler({
  pending,
  stats,
  approvals,
}: {
  pending: PendingRequests
  stats: FrameClientStats
  approvals: FrameApprovals
}) {
  return {
    resolve(entry: PendingRequest, value: unknown) {
      if (!pending.settle(entry, 'answered')) return
      stats.resolved++
      approvals.end(entry, 'approved', true)
      entry.resolve(value)
    },
    /** Rejects the entry; `answered` when the frame's reply is what failed it. */
    reject(entry: PendingRequest, error: Error, answered = false) {
      if (!pending.settle(entry, answered ? 'answered' : 'ended')) return
      stats.rejected++
      approvals.end(entry, isUserRejection(error) ? 'rejected' : 'failed', answered)
      entry.reject(error)
    },
  }
}

/** The settler returned by {@link createFrameSettler}. */
export type FrameSettler = ReturnType<typeof createFrameSettler>
