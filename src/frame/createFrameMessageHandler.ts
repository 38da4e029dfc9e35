import { FrameProtocolError } from '../errors/FrameProtocolError'
import { type FrameIncoming, parseFrameIncoming } from '../schemas/frame'
import { parseFrameApprovalEvent } from '../schemas/frameApproval'
import type { FrameEvent } from '../schemas/frameResponses'
import type { FrameApprovals } from './createFrameApprovals'
import type { FrameClientState } from './createFrameClientState'
import type { FrameReadiness } from './createFrameReadiness'
import type { FrameSettler } from './createFrameSettler'
import type { PendingRequests } from './createPendingRequests'
import { decodeFrameError } from './decodeFrameError'
import type { FrameClientStats } from './frameClientTypes'

function isApprovalType(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false
  const type = (data as { type?: unknown }).type
  return type === 'APPROVAL_REQUESTED' || type === 'APPROVAL_SETTLED'
}

/** The window `message` listener: checks origin and source, validates, and routes each message. */
export function createFrameMessageHandler({
  state,
  allowedOrigin,
  pending,
  stats,
  settler,
  approvals,
  readiness,
}: {
  state: FrameClientState
  allowedOrigin: string
  pending: PendingRequests
  stats: FrameClientStats
  settler: FrameSettler
  approvals: FrameApprovals
  readiness: FrameReadiness
}): (event: MessageEvent) => void {
  function onEvent(event: FrameEvent) {
    readiness.onReady(event.payload.version)
  }

  function countStray(id: string | undefined) {
    const outcome = pending.settledAs(id)
    if (outcome === 'answered') stats.duplicate++
    else if (outcome === 'ended') stats.late++
    else stats.unmatched++
  }

  function onReply(reply: Exclude<FrameIncoming, { kind: 'event' }>) {
    const entry = pending.get(reply.id)
    // A queued request's id has not left the page: no genuine reply can name it.
    if (entry?.phase !== 'sent') return countStray(reply.id)
    if (reply.requestType !== entry.type) {
      settler.reject(
        entry,
        new FrameProtocolError({
          direction: 'incoming',
          type: `${reply.requestType}_${reply.kind === 'success' ? 'SUCCESS' : 'ERROR'}`,
          reason: `Expected a reply to ${entry.type}.`,
        }),
        true,
      )
      return
    }
    if (reply.kind === 'success') settler.resolve(entry, reply.payload)
    else settler.reject(entry, decodeFrameError(reply, entry.type), true)
  }

  function handleMessage(event: MessageEvent) {
    stats.received++
    if (event.origin !== allowedOrigin) {
      stats.rejectedOrigin++
      return
    }
    const source = state.iframe?.contentWindow
    if (!source || event.source !== source) {
      stats.rejectedOrigin++
      stats.rejectedSource++
      return
    }
    const approval = isApprovalType(event.data) ? parseFrameApprovalEvent(event.data) : undefined
    if (approval)
      return approvals.onEvent(
        approval.type,
        approval.payload.id,
        approval.type === 'APPROVAL_REQUESTED' ? approval.payload.popup : undefined,
      )
    const result = parseFrameIncoming(event.data)
    if (!result.success) {
      stats.invalid++
      const entry = pending.get(result.id)
      if (entry && entry.phase === 'sent')
        settler.reject(
          entry,
          new FrameProtocolError({
            direction: 'incoming',
            type: result.type,
            reason: result.reason,
          }),
          true,
        )
      return
    }
    if (result.data.kind === 'event') onEvent(result.data.event)
    else onReply(result.data)
  }

  return function onMessage(event: MessageEvent) {
    try {
      handleMessage(event)
    } catch {
      // Never let a hostile message throw out of the listener.
      stats.handlerErrors++
    }
  }
}
