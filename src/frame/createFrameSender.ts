import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameTimeoutError, type FrameTimeoutReason } from '../errors/FrameTimeoutError'
import type { FrameClientState } from './createFrameClientState'
import type { FrameEvents } from './createFrameEvents'
import type { FrameSettler } from './createFrameSettler'
import type { PendingRequest, PendingRequests } from './createPendingRequests'
import type { FrameClientStats } from './frameClientTypes'
import type { FrameTimeouts } from './frameTimeouts'

/** Posts requests to the exact frame origin once the frame can take them, each with its own deadline. */
export function createFrameSender({
  state,
  allowedOrigin,
  timeouts,
  pending,
  stats,
  settler,
  events,
  onReadyDeadline,
  frameUrl,
}: {
  /** The frame URL, named in a ready deadline's error. */
  frameUrl?: string | undefined
  /** Called when a request's wait for the ready signal runs out (the console hint). */
  onReadyDeadline?: (() => void) | undefined
  state: FrameClientState
  allowedOrigin: string
  timeouts: FrameTimeouts
  pending: PendingRequests
  stats: FrameClientStats
  settler: FrameSettler
  events: FrameEvents
}) {
  function onDeadline(entry: PendingRequest, reason: FrameTimeoutReason, timeout: number) {
    if (pending.get(entry.id) !== entry) return
    stats.timedOut++
    settler.reject(
      entry,
      new FrameTimeoutError({
        reason,
        type: entry.type,
        timeout,
        ...(reason === 'iframe_load_failed' ? { frameUrl } : {}),
      }),
    )
    if (reason === 'iframe_load_failed') onReadyDeadline?.()
    events.notifyTimeout(reason, entry.type)
  }

  /** Starts the entry's wait for the frame (`ready`) or for its reply (`request`). */
  function startTimer(entry: PendingRequest, kind: 'ready' | 'request') {
    if (entry.timer !== undefined) clearTimeout(entry.timer)
    const timeout = kind === 'ready' ? timeouts.ready : entry.timeout
    const reason = kind === 'ready' ? 'iframe_load_failed' : 'iframe_request_timeout'
    entry.timerKind = kind
    entry.timer = setTimeout(() => onDeadline(entry, reason, timeout), timeout)
  }

  function send(entry: PendingRequest) {
    const target = state.iframe?.contentWindow
    if (!target) {
      settler.reject(entry, new FrameNotMountedError({ details: 'The iframe has no window.' }))
      return
    }
    try {
      target.postMessage(entry.message, allowedOrigin)
    } catch (cause) {
      settler.reject(
        entry,
        new FrameProtocolError({
          direction: 'outgoing',
          type: entry.type,
          reason: 'The message could not be posted.',
          cause,
        }),
      )
      return
    }
    entry.phase = 'sent'
    stats.sent++
    if (entry.timerKind !== 'request') startTimer(entry, 'request')
  }

  function canSend(entry: PendingRequest): boolean {
    return state.phase === 'ready' || (state.phase === 'signalled' && !entry.waitsForReady)
  }

  /** Sends every queued request the frame can take now. */
  function flush() {
    for (const entry of pending.list())
      if (entry.phase === 'queued' && canSend(entry) && pending.get(entry.id) === entry) send(entry)
  }

  return { send, startTimer, canSend, flush }
}

/** The sender returned by {@link createFrameSender}. */
export type FrameSender = ReturnType<typeof createFrameSender>
