import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError } from '../errors/FrameLoadError'
import { createDeferred } from './createDeferred'
import type { FrameClientState } from './createFrameClientState'
import type { FrameEvents } from './createFrameEvents'
import type { FrameSender } from './createFrameSender'
import type { FrameSettler } from './createFrameSettler'
import type { PendingRequests } from './createPendingRequests'
import type { FrameTimeouts } from './frameTimeouts'

/** The ready handshake: the frame's ready signal, the post-ready delay, a reload, a load failure. */
export function createFrameReadiness({
  state,
  src,
  timeouts,
  pending,
  settler,
  sender,
  events,
}: {
  state: FrameClientState
  src: string
  timeouts: FrameTimeouts
  pending: PendingRequests
  settler: FrameSettler
  sender: FrameSender
  events: FrameEvents
}) {
  let delayTimer: ReturnType<typeof setTimeout> | undefined

  function onReady(version: string) {
    if (state.phase === 'destroyed' || state.phase === 'idle') return
    state.frameVersion = version
    if (state.phase === 'signalled' || state.phase === 'ready') {
      // A second ready signal: the frame restarted and lost whatever it was working on.
      for (const entry of pending.list())
        if (entry.phase === 'sent')
          settler.reject(entry, new FrameDisconnectedError({ reason: 'reloaded' }))
    }
    if (state.readyDeferred.settled && state.phase === 'failed')
      state.readyDeferred = createDeferred()
    state.phase = 'signalled'
    // The frame answered: the 20 s load wait is over; requests now wait only for the delay.
    for (const entry of pending.list())
      if (entry.timerKind === 'ready') {
        clearTimeout(entry.timer)
        entry.timer = undefined
        entry.timerKind = undefined
      }
    sender.flush()
    if (delayTimer !== undefined) clearTimeout(delayTimer)
    delayTimer = setTimeout(() => {
      delayTimer = undefined
      if (state.phase !== 'signalled') return
      state.phase = 'ready'
      state.readyDeferred.resolve()
      events.emit('ready', { version })
      sender.flush()
    }, timeouts.postReadyDelay)
  }

  function onIframeError() {
    if (state.phase === 'destroyed') return
    state.phase = 'failed'
    const error = new FrameLoadError({ frameUrl: src })
    state.readyDeferred.reject(error)
    for (const entry of pending.list()) if (entry.phase === 'queued') settler.reject(entry, error)
    events.notifyTimeout('iframe_load_failed')
  }

  return {
    onReady,
    /** The iframe's `error` listener. */
    onIframeError,
    /** Cancels the post-ready delay. */
    stop() {
      if (delayTimer !== undefined) clearTimeout(delayTimer)
      delayTimer = undefined
    },
  }
}

/** The handshake returned by {@link createFrameReadiness}. */
export type FrameReadiness = ReturnType<typeof createFrameReadiness>
