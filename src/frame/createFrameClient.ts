import { FrameProtocolError } from '../errors/FrameProtocolError'
import { parseFrameIncoming } from '../schemas/frame'
import { parseFrameApprovalEvent } from '../schemas/frameApproval'
import { createFrameChannel } from './createFrameChannel'
import { createFrameEvents } from './createFrameEvents'
import { createFrameRequests } from './createFrameRequests'
import { defaultFrameTimeouts, type FrameTimeouts } from './defaultFrameTimeouts'
import {
  createFrameClientStats,
  type FrameClient,
  type FrameClientParameters,
} from './frameClientTypes'
import { getFrameSrc } from './getFrameSrc'

function isApprovalType(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false
  const type = (data as { type?: unknown }).type
  return type === 'APPROVAL_REQUESTED' || type === 'APPROVAL_SETTLED'
}

/**
 * Creates the host side of the embedded-wallet frame channel: exact target origin, origin and
 * source checked on every message, UUID ids, a deadline per request, each request settled once.
 * It composes two parts: the channel phase (`createFrameChannel`: the iframe, the ready
 * handshake, reloads and load failures, as the `frameChannelReducer` machine) and the pending
 * requests (`createFrameRequests`); the window `message` listener here routes what the frame sends.
 * @example
 * const frame = createFrameClient({ frameUrl: 'https://wallet.example.com/frame', chainId: 1, version })
 * frame.mount()
 * const { action } = await frame.request('CONNECT_EMAIL', { email })
 */
export function createFrameClient(parameters: FrameClientParameters): FrameClient {
  const { src, origin: allowedOrigin } = getFrameSrc(parameters)
  const timeouts: FrameTimeouts = { ...defaultFrameTimeouts, ...parameters.timeouts }
  const stats = createFrameClientStats()
  const events = createFrameEvents(parameters)
  const requests = createFrameRequests({
    src,
    allowedOrigin,
    timeouts,
    stats,
    events,
    // `channel` exists before anything is requested.
    channel: {
      get status() {
        return channel.getState().status
      },
      get iframe() {
        return channel.iframe
      },
      readyDeadline: () => channel.readyDeadline(),
    },
  })
  const channel = createFrameChannel({
    src,
    timeouts,
    container: parameters.container,
    events,
    hooks: requests,
  })
  let listening = false

  function handleMessage(event: MessageEvent) {
    stats.received++
    if (event.origin !== allowedOrigin) {
      stats.rejectedOrigin++
      return
    }
    const source = channel.iframe?.contentWindow
    if (!source || event.source !== source) {
      stats.rejectedOrigin++
      stats.rejectedSource++
      return
    }
    const approval = isApprovalType(event.data) ? parseFrameApprovalEvent(event.data) : undefined
    if (approval) {
      const popup = approval.type === 'APPROVAL_REQUESTED' ? approval.payload.popup : undefined
      return requests.onApproval(approval.type, approval.payload.id, popup)
    }
    const result = parseFrameIncoming(event.data)
    if (!result.success) {
      stats.invalid++
      const { type, reason } = result
      const error = new FrameProtocolError({ direction: 'incoming', type, reason })
      return requests.onInvalid(result.id, error)
    }
    if (result.data.kind === 'event') channel.signal(result.data.event.payload.version)
    else requests.onReply(result.data)
  }

  function onMessage(event: MessageEvent) {
    try {
      handleMessage(event)
    } catch {
      // Never let a hostile message throw out of the listener.
      stats.handlerErrors++
    }
  }

  return {
    allowedOrigin,
    get iframe() {
      return channel.iframe
    },
    get ready() {
      return channel.ready
    },
    get isReady() {
      return channel.getState().status === 'ready'
    },
    get frameVersion() {
      return channel.getState().version
    },
    get pendingCount() {
      return requests.size
    },
    get stats() {
      return { ...stats }
    },
    mount() {
      const iframe = channel.mount()
      if (!listening) {
        window.addEventListener('message', onMessage)
        listening = true
      }
      return iframe
    },
    request: requests.request,
    abortPending: requests.abortPending,
    on(event, listener) {
      if (channel.getState().status === 'destroyed') return () => {}
      return events.on(event, listener)
    },
    destroy() {
      if (channel.getState().status === 'destroyed') return
      if (listening) window.removeEventListener('message', onMessage)
      listening = false
      channel.destroy()
      events.clear()
    },
  }
}
