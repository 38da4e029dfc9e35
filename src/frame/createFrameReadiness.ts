import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError, type FrameLoadFailure, frameLoadHint } from '../errors/FrameLoadError'
import { createDeferred } from './createDeferred'
import type { FrameClientState } from './createFrameClientState'
import type { FrameEvents } from './createFrameEvents'
import type { FrameSender } from './createFrameSender'
import type { FrameSettler } from './createFrameSettler'
import type { PendingRequests } from './createPendingRequests'
import type { FrameTimeouts } from './frameTimeouts'
import { probeFrameUrl } from './probeFrameUrl'

/**
 * The ready handshake: the frame's ready signal, the post-ready delay, a reload, a load failure.
 * A failed load is told fast: the iframe's page loaded (browsers fire `load` for their error
 * pages too) and no ready signal came within `timeouts.loaded`, or `timeouts.unreachable` when
 * a probe of the URL then finds nothing answering; it rejects with `FrameLoadError` and logs
 * what to check.
 *
 * Each document in the iframe fires one `load`, and each frame document sends one ready signal
 * (normally after its load). A `load` once the frame had signalled, that is not the load of the
 * document that just signalled, means the frame's page was replaced (reloaded, crashed and
 * reloaded, or navigated elsewhere): the requests it had been sent can never be answered, so
 * they fail at once with `FrameDisconnectedError` (plan A9), and the handshake starts again. A
 * page that does not signal within `timeouts.loaded` (another site) is replaced by the frame's
 * own URL once; if that fails too, it is a load failure as above.
 */
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
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let loadReason: FrameLoadFailure | undefined
  let loaded = false
  let unreachable = false
  // A ready signal came before its document's load: that load is not a new page.
  let awaitingLoad = false
  // The page was replaced after the frame had signalled: no signal in time brings the frame back.
  let navigated = false
  let recovered = false
  let stopProbe: (() => void) | undefined
  // One console hint per iframe.
  let hinted = false

  function hint(reason: FrameLoadFailure | 'timeout') {
    if (hinted) return
    hinted = true
    console.error(frameLoadHint(src, reason))
  }

  function clearProbe() {
    stopProbe?.()
    stopProbe = undefined
  }

  function clearLoadTimer() {
    if (loadTimer !== undefined) clearTimeout(loadTimer)
    loadTimer = undefined
  }

  function fail(reason: FrameLoadFailure | undefined) {
    if (state.phase === 'destroyed') return
    clearLoadTimer()
    clearProbe()
    state.phase = 'failed'
    const error = new FrameLoadError({ frameUrl: src, reason })
    state.readyDeferred.reject(error)
    for (const entry of pending.list()) if (entry.phase === 'queued') settler.reject(entry, error)
    // The host's developer sees why in the console, not only the visitor's generic alert.
    if (reason) hint(reason)
    events.notifyTimeout('iframe_load_failed')
  }

  // The page is in: from now on the ready signal has a short wait (shorter still if unreachable).
  function watchLoaded() {
    if (!loaded || state.phase !== 'loading') return
    const reason: FrameLoadFailure = unreachable ? 'unreachable' : 'noReadySignal'
    // The first load starts the wait; only the probe's news shortens it.
    if (loadTimer !== undefined && loadReason === reason) return
    clearLoadTimer()
    loadReason = reason
    loadTimer = setTimeout(
      () => {
        loadTimer = undefined
        if (state.phase !== 'loading') return
        if (navigated && !recovered) recover()
        else fail(reason)
      },
      unreachable ? timeouts.unreachable : timeouts.loaded,
    )
  }

  // The frame's own URL again, in the same iframe (its listeners stay): a fresh handshake.
  function recover() {
    recovered = true
    forgetLoad()
    if (state.iframe) state.iframe.src = src
  }

  // The iframe's page was replaced after the frame signalled: what it was sent is lost.
  function onNavigated() {
    state.phase = 'loading'
    state.readyDeferred = createDeferred()
    if (delayTimer !== undefined) clearTimeout(delayTimer)
    delayTimer = undefined
    for (const entry of pending.list()) {
      if (entry.phase === 'sent')
        settler.reject(entry, new FrameDisconnectedError({ reason: 'reloaded' }))
      // Queued during the post-ready delay (no deadline then): wait for the frame again.
      else if (entry.timer === undefined)
        sender.startTimer(entry, entry.waitsForReady ? 'ready' : 'request')
    }
    navigated = true
    loaded = true
    watchLoaded()
  }

  function onReady(version: string) {
    if (state.phase === 'destroyed' || state.phase === 'idle') return
    clearLoadTimer()
    clearProbe()
    state.frameVersion = version
    const again = state.phase === 'signalled' || state.phase === 'ready'
    // Signalled before its load event (or a new page signalled before its load): wait for it.
    awaitingLoad = again || !loaded
    navigated = false
    recovered = false
    if (again) {
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

  function forgetLoad() {
    hinted = false
    clearLoadTimer()
    clearProbe()
    loaded = false
    unreachable = false
    awaitingLoad = false
  }

  return {
    onReady,
    /** The iframe's `error` listener. */
    onIframeError() {
      fail(undefined)
    },
    /** The iframe's `load` listener (its first page, an error page in its place, or a new page). */
    onIframeLoad() {
      if (awaitingLoad) {
        awaitingLoad = false
        loaded = true
        return
      }
      if (state.phase === 'signalled' || state.phase === 'ready') return onNavigated()
      if (state.phase !== 'loading') return
      // Loaded before signalling: ask whether anything answers at the URL at all.
      if (!loaded)
        stopProbe = probeFrameUrl(src, () => {
          unreachable = true
          watchLoaded()
        })
      loaded = true
      watchLoaded()
    },
    /** A request gave up waiting for the ready signal (no load event came either). */
    onReadyDeadline() {
      hint('timeout')
    },
    /** Forgets the last iframe's load, for a fresh one. */
    restart() {
      forgetLoad()
      navigated = false
      recovered = false
    },
    /** Cancels the post-ready delay and the load watch. */
    stop() {
      if (delayTimer !== undefined) clearTimeout(delayTimer)
      delayTimer = undefined
      clearLoadTimer()
      clearProbe()
    },
  }
}

/** The handshake returned by {@link createFrameReadiness}. */
export type FrameReadiness = ReturnType<typeof createFrameReadiness>
