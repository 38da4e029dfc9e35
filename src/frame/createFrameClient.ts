import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { FrameRequestAbortedError } from '../errors/FrameRequestAbortedError'
import { isSafeRpcMethod } from '../schemas/frameRpc'
import { createDeferred } from './createDeferred'
import { createFrameApprovals } from './createFrameApprovals'
import { createFrameClientState } from './createFrameClientState'
import { createFrameEvents } from './createFrameEvents'
import { createFrameIframe } from './createFrameIframe'
import { createFrameMessageHandler } from './createFrameMessageHandler'
import { createFrameReadiness } from './createFrameReadiness'
import { createFrameRequest } from './createFrameRequest'
import { createFrameSender } from './createFrameSender'
import { createFrameSettler } from './createFrameSettler'
import { createPendingRequests } from './createPendingRequests'
import {
  createFrameClientStats,
  type FrameClient,
  type FrameClientParameters,
} from './frameClientTypes'
import { defaultFrameTimeouts, type FrameTimeouts, getRpcMethod } from './frameTimeouts'
import { getFrameSrc } from './getFrameSrc'

/**
 * Creates the host side of the embedded-wallet frame channel: exact target origin, origin and
 * source checked on every message, UUID ids, a deadline per request, each request settled once.
 * @example
 * const frame = createFrameClient({ frameUrl: 'https://wallet.example.com/frame', chainId: 1, version })
 * frame.mount()
 * const { action } = await frame.request('CONNECT_EMAIL', { email })
 */
export function createFrameClient(parameters: FrameClientParameters): FrameClient {
  const { src, origin: allowedOrigin } = getFrameSrc(parameters)
  const timeouts: FrameTimeouts = { ...defaultFrameTimeouts, ...parameters.timeouts }
  const state = createFrameClientState()
  const pending = createPendingRequests()
  const stats = createFrameClientStats()
  const events = createFrameEvents(parameters)
  // Bound below, once `request` exists: only ever rejects an approval in the frame.
  let cancelApproval = (_id: string) => {}
  const approvals = createFrameApprovals({
    pending,
    emit: events.emit,
    cancel: (id) => cancelApproval(id),
  })
  const settler = createFrameSettler({ pending, stats, approvals })
  const sender = createFrameSender({
    state,
    allowedOrigin,
    timeouts,
    pending,
    stats,
    settler,
    events,
    frameUrl: src,
    // `readiness` exists by the time any deadline runs out.
    onReadyDeadline: () => readiness.onReadyDeadline(),
  })
  const readiness = createFrameReadiness({
    state,
    src,
    timeouts,
    pending,
    settler,
    sender,
    events,
  })
  const onMessage = createFrameMessageHandler({
    state,
    allowedOrigin,
    pending,
    stats,
    settler,
    approvals,
    readiness,
  })
  const request = createFrameRequest({ state, src, timeouts, pending, settler, sender })
  cancelApproval = (id) => {
    if (state.phase === 'ready') request('CANCEL_APPROVAL', { id }).catch(() => {})
  }
  let listening = false

  function detachIframe(iframe: HTMLIFrameElement) {
    iframe.removeEventListener('error', readiness.onIframeError)
    iframe.removeEventListener('load', readiness.onIframeLoad)
    iframe.remove()
  }

  function mount(): HTMLIFrameElement {
    if (state.phase === 'destroyed') throw new FrameDisconnectedError()
    if (state.iframe && state.phase !== 'failed') return state.iframe
    if (typeof window === 'undefined' || typeof document === 'undefined')
      throw new FrameNotMountedError({
        details: 'There is no DOM here: mount the frame in a browser.',
      })
    if (state.iframe) {
      detachIframe(state.iframe)
      state.readyDeferred = createDeferred()
    }
    if (!listening) {
      window.addEventListener('message', onMessage)
      listening = true
    }
    const element = createFrameIframe(src)
    element.addEventListener('error', readiness.onIframeError)
    element.addEventListener('load', readiness.onIframeLoad)
    readiness.restart()
    const container =
      (typeof parameters.container === 'function'
        ? parameters.container()
        : parameters.container) ?? document.body
    state.iframe = element
    state.phase = 'loading'
    container.appendChild(element)
    return element
  }

  function abortPending(): number {
    let count = 0
    for (const entry of pending.list()) {
      if (entry.type !== 'RPC_REQUEST') continue
      const method = getRpcMethod((entry.message as { payload?: unknown }).payload)
      if (isSafeRpcMethod(method)) continue
      settler.reject(entry, new FrameRequestAbortedError({ type: entry.type }))
      count++
    }
    return count
  }

  function destroy() {
    if (state.phase === 'destroyed') return
    state.phase = 'destroyed'
    if (listening) window.removeEventListener('message', onMessage)
    listening = false
    readiness.stop()
    for (const entry of pending.list()) settler.reject(entry, new FrameDisconnectedError())
    state.readyDeferred.reject(new FrameDisconnectedError())
    if (state.iframe) detachIframe(state.iframe)
    state.iframe = undefined
    events.clear()
  }

  return {
    allowedOrigin,
    get iframe() {
      return state.iframe
    },
    get ready() {
      return state.readyDeferred.promise
    },
    get isReady() {
      return state.phase === 'ready'
    },
    get frameVersion() {
      return state.frameVersion
    },
    get pendingCount() {
      return pending.size
    },
    get stats() {
      return { ...stats }
    },
    mount,
    request,
    abortPending,
    on(event, listener) {
      if (state.phase === 'destroyed') return () => {}
      return events.on(event, listener)
    },
    destroy,
  }
}
