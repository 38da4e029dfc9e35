import type { CanonicalRequest } from '../../../src/approval/types'
import type { ApprovalSummary } from './describeApproval'
import { FrameReplyError, userRejected } from './FrameReplyError'
import { renderApproval } from './renderApproval'

/** An approval lasts as long as the host waits for it (5 min, the approval deadline). */
export const approvalTtlMs = 300_000

/** What one approval shows: the canonical request and its summary (describeApproval). */
export type PendingApproval = { request: CanonicalRequest; summary: ApprovalSummary }

type Item = PendingApproval & {
  id: string
  resolve(): void
  reject(error: FrameReplyError): void
}

/** Parameters of {@link createApprovalQueue}. */
export type ApprovalQueueParameters = {
  root: HTMLElement
  origin: string
  dappName(): string | undefined
  /** Tells the host to show (requested) or hide (settled) the frame. */
  notify(type: 'APPROVAL_REQUESTED' | 'APPROVAL_SETTLED', id: string): void
}

/**
 * Approvals shown one at a time inside the frame. `ask` resolves only when the user clicks
 * Approve (see createClickGuard); Reject, or no answer within {@link approvalTtlMs}, rejects.
 * No message can approve: nothing but the click handler calls `resolve`.
 */
export function createApprovalQueue(parameters: ApprovalQueueParameters) {
  const queue: Item[] = []
  let current: Item | undefined

  function showNext() {
    if (current) return
    const item = queue.shift()
    if (!item) return
    current = item
    parameters.notify('APPROVAL_REQUESTED', item.id)
    let remove = () => {}
    const settle = (outcome: () => void) => {
      clearTimeout(timer)
      remove()
      current = undefined
      parameters.notify('APPROVAL_SETTLED', item.id)
      outcome()
      showNext()
    }
    const timer = setTimeout(
      () =>
        settle(() =>
          item.reject(new FrameReplyError({ message: 'The request expired.', code: 4001 })),
        ),
      approvalTtlMs,
    )
    remove = renderApproval({
      root: parameters.root,
      summary: item.summary,
      origin: parameters.origin,
      dappName: parameters.dappName(),
      onApprove: () => settle(item.resolve),
      onReject: () => settle(() => item.reject(userRejected())),
    })
  }

  return {
    /** Resolves once the user approves request `id` inside the frame. */
    ask(id: string, approval: PendingApproval): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ id, ...approval, resolve, reject })
        showNext()
      })
    },
    get pending() {
      return queue.length + (current ? 1 : 0)
    },
  }
}
