import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError } from '../errors/FrameLoadError'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRequestAbortedError } from '../errors/FrameRequestAbortedError'
import { FrameRequestError } from '../errors/FrameRequestError'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'
import { FrameTimeoutError, type FrameTimeoutReason } from '../errors/FrameTimeoutError'
import { type FrameIncoming, parseFrameIncoming } from '../schemas/frame'
import { parseFrameApprovalEvent } from '../schemas/frameApproval'
import {
  type FrameRequestType,
  frameRequestSchemas,
  isFrameRequestType,
} from '../schemas/frameRequests'
import type { FrameEvent, FrameSuccessPayload } from '../schemas/frameResponses'
import { isAllowedRpcMethod, isSafeRpcMethod } from '../schemas/frameRpc'
import { createDeferred } from './createDeferred'
import { createFrameIframe } from './createFrameIframe'
import { createPendingRequests, type PendingRequest } from './createPendingRequests'
import {
  createFrameClientStats,
  type FrameClient,
  type FrameClientEvents,
  type FrameClientParameters,
  type FrameRequestArgs,
} from './frameClientTypes'
import {
  defaultFrameTimeouts,
  type FrameTimeouts,
  getFrameRequestTimeout,
  getRpcMethod,
  noReadyWaitRequestTypes,
} from './frameTimeouts'
import { getFrameSrc } from './getFrameSrc'

type Phase = 'idle' | 'loading' | 'signalled' | 'ready' | 'failed' | 'destroyed'

function isApprovalType(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false
  const type = (data as { type?: unknown }).type
  return type === 'APPROVAL_REQUESTED' || type === 'APPROVAL_SETTLED'
}

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
  const pending = createPendingRequests()
  const listeners = new Map<keyof FrameClientEvents, Set<(data: never) => void>>()
  const stats = createFrameClientStats()
  let phase: Phase = 'idle'
  let iframe: HTMLIFrameElement | undefined
  let readyDeferred = createDeferred()
  let delayTimer: ReturnType<typeof setTimeout> | undefined
  let listening = false
  let frameVersion: string | undefined
  // RPC requests whose approval screen the frame showed, until the request itself settles.
  const approvals = new Map<string, { method: string; pending: boolean }>()

  function emit<E extends keyof FrameClientEvents>(event: E, data: FrameClientEvents[E]) {
    for (const listener of listeners.get(event) ?? []) {
      try {
        ;(listener as (data: FrameClientEvents[E]) => void)(data)
      } catch {
        // A listener's failure is its own; the channel keeps going.
      }
    }
  }

  function notifyTimeout(reason: FrameTimeoutReason, type?: FrameRequestType) {
    try {
      parameters.onTimeout?.(reason)
    } catch {
      // Same as listeners.
    }
    emit('timeout', { reason, type })
  }

  // The approval screen of a request that settled is gone, whatever the frame said last.
  function endApproval(entry: PendingRequest, outcome: 'approved' | 'rejected' | 'failed') {
    const approval = approvals.get(entry.id)
    if (!approval) return
    approvals.delete(entry.id)
    emit('approval', { id: entry.id, method: approval.method, pending: false, outcome })
  }

  function resolveEntry(entry: PendingRequest, value: unknown) {
    if (!pending.settle(entry, 'answered')) return
    stats.resolved++
    endApproval(entry, 'approved')
    entry.resolve(value)
  }

  function rejectEntry(entry: PendingRequest, error: Error, answered = false) {
    if (!pending.settle(entry, answered ? 'answered' : 'ended')) return
    stats.rejected++
    const code = (error as { code?: unknown }).code
    endApproval(entry, code === 4001 || code === 5000 ? 'rejected' : 'failed')
    entry.reject(error)
  }

  // APPROVAL_REQUESTED / APPROVAL_SETTLED name a sent RPC request of ours; anything else is dropped.
  function onApprovalEvent(type: 'APPROVAL_REQUESTED' | 'APPROVAL_SETTLED', id: string) {
    const entry = pending.get(id)
    if (!entry || entry.phase !== 'sent' || entry.type !== 'RPC_REQUEST') return
    const known = approvals.get(id)
    const pendingNow = type === 'APPROVAL_REQUESTED'
    if (known?.pending === pendingNow || (!known && !pendingNow)) return
    const method = String(getRpcMethod((entry.message as { payload?: unknown }).payload))
    approvals.set(id, { method, pending: pendingNow })
    emit('approval', { id, method, pending: pendingNow })
  }

  function onDeadline(entry: PendingRequest, reason: FrameTimeoutReason, timeout: number) {
    if (pending.get(entry.id) !== entry) return
    stats.timedOut++
    rejectEntry(entry, new FrameTimeoutError({ reason, type: entry.type, timeout }))
    notifyTimeout(reason, entry.type)
  }

  function startTimer(entry: PendingRequest, kind: 'ready' | 'request') {
    if (entry.timer !== undefined) clearTimeout(entry.timer)
    const timeout = kind === 'ready' ? timeouts.ready : entry.timeout
    const reason = kind === 'ready' ? 'iframe_load_failed' : 'iframe_request_timeout'
    entry.timerKind = kind
    entry.timer = setTimeout(() => onDeadline(entry, reason, timeout), timeout)
  }

  function send(entry: PendingRequest) {
    const target = iframe?.contentWindow
    if (!target) {
      rejectEntry(entry, new FrameNotMountedError({ details: 'The iframe has no window.' }))
      return
    }
    try {
      target.postMessage(entry.message, allowedOrigin)
    } catch (cause) {
      rejectEntry(
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
    return phase === 'ready' || (phase === 'signalled' && !entry.waitsForReady)
  }

  function flush() {
    for (const entry of pending.list())
      if (entry.phase === 'queued' && canSend(entry) && pending.get(entry.id) === entry) send(entry)
  }

  function onReady(version: string) {
    if (phase === 'destroyed' || phase === 'idle') return
    frameVersion = version
    if (phase === 'signalled' || phase === 'ready') {
      // A second ready signal: the frame restarted and lost whatever it was working on.
      for (const entry of pending.list())
        if (entry.phase === 'sent')
          rejectEntry(entry, new FrameDisconnectedError({ reason: 'reloaded' }))
    }
    if (readyDeferred.settled && phase === 'failed') readyDeferred = createDeferred()
    phase = 'signalled'
    // The frame answered: the 20 s load wait is over; requests now wait only for the delay.
    for (const entry of pending.list())
      if (entry.timerKind === 'ready') {
        clearTimeout(entry.timer)
        entry.timer = undefined
        entry.timerKind = undefined
      }
    flush()
    if (delayTimer !== undefined) clearTimeout(delayTimer)
    delayTimer = setTimeout(() => {
      delayTimer = undefined
      if (phase !== 'signalled') return
      phase = 'ready'
      readyDeferred.resolve()
      emit('ready', { version })
      flush()
    }, timeouts.postReadyDelay)
  }

  function onEvent(event: FrameEvent) {
    if (event.type === 'READY') onReady(event.payload.version)
    else emit('sessionUpdate', { token: event.payload.token })
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
      rejectEntry(
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
    if (reply.kind === 'success') resolveEntry(entry, reply.payload)
    else
      rejectEntry(
        entry,
        new FrameRequestError({ message: reply.message, code: reply.code, type: entry.type }),
        true,
      )
  }

  function handleMessage(event: MessageEvent) {
    stats.received++
    if (event.origin !== allowedOrigin) {
      stats.rejectedOrigin++
      return
    }
    const source = iframe?.contentWindow
    if (!source || event.source !== source) {
      stats.rejectedOrigin++
      stats.rejectedSource++
      return
    }
    const approval = isApprovalType(event.data) ? parseFrameApprovalEvent(event.data) : undefined
    if (approval) return onApprovalEvent(approval.type, approval.payload.id)
    const result = parseFrameIncoming(event.data)
    if (!result.success) {
      stats.invalid++
      const entry = pending.get(result.id)
      if (entry && entry.phase === 'sent')
        rejectEntry(
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

  function onMessage(event: MessageEvent) {
    try {
      handleMessage(event)
    } catch {
      // Never let a hostile message throw out of the listener.
      stats.handlerErrors++
    }
  }

  function onIframeError() {
    if (phase === 'destroyed') return
    phase = 'failed'
    const error = new FrameLoadError({ frameUrl: src })
    readyDeferred.reject(error)
    for (const entry of pending.list()) if (entry.phase === 'queued') rejectEntry(entry, error)
    notifyTimeout('iframe_load_failed')
  }

  function mount(): HTMLIFrameElement {
    if (phase === 'destroyed') throw new FrameDisconnectedError()
    if (iframe && phase !== 'failed') return iframe
    if (typeof window === 'undefined' || typeof document === 'undefined')
      throw new FrameNotMountedError({
        details: 'There is no DOM here: mount the frame in a browser.',
      })
    if (iframe) {
      iframe.removeEventListener('error', onIframeError)
      iframe.remove()
      readyDeferred = createDeferred()
    }
    if (!listening) {
      window.addEventListener('message', onMessage)
      listening = true
    }
    const element = createFrameIframe(src)
    element.addEventListener('error', onIframeError)
    const container =
      (typeof parameters.container === 'function'
        ? parameters.container()
        : parameters.container) ?? document.body
    iframe = element
    phase = 'loading'
    container.appendChild(element)
    return element
  }

  function request<T extends FrameRequestType>(
    type: T,
    ...[payload, options = {}]: FrameRequestArgs<T>
  ): Promise<FrameSuccessPayload<T>> {
    return new Promise<FrameSuccessPayload<T>>((resolve, reject) => {
      if (phase === 'destroyed') return reject(new FrameDisconnectedError())
      if (!isFrameRequestType(type))
        return reject(
          new FrameProtocolError({ direction: 'outgoing', reason: 'Unknown request type.' }),
        )
      const method = getRpcMethod(payload)
      if (type === 'RPC_REQUEST' && !isAllowedRpcMethod(method))
        return reject(new FrameRpcNotAllowedError({ method: String(method) }))
      if (!iframe) return reject(new FrameNotMountedError())
      if (phase === 'failed') return reject(new FrameLoadError({ frameUrl: src }))
      const id = crypto.randomUUID()
      const parsed = frameRequestSchemas[type].safeParse(
        payload === undefined ? { id, type } : { id, type, payload },
      )
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const path = issue?.path.map(String).join('.')
        const reason = issue ? (path ? `${path}: ${issue.message}` : issue.message) : 'Invalid.'
        return reject(new FrameProtocolError({ direction: 'outgoing', type, reason }))
      }
      const signal = options.signal
      // SPEC §8: aborting the Farcaster URI request does not reject it; its deadline still runs.
      const abortable = signal !== undefined && type !== 'GET_FARCASTER_URI'
      if (abortable && signal.aborted) return reject(new FrameRequestAbortedError({ type }))
      const entry: PendingRequest = {
        id,
        type,
        message: parsed.data,
        timeout: options.timeout ?? getFrameRequestTimeout(type, payload, timeouts),
        waitsForReady: !noReadyWaitRequestTypes.includes(type),
        phase: 'queued',
        timer: undefined,
        timerKind: undefined,
        resolve: resolve as (value: unknown) => void,
        reject,
        cleanup: () => {},
      }
      if (abortable) {
        const onAbort = () => rejectEntry(entry, new FrameRequestAbortedError({ type }))
        signal.addEventListener('abort', onAbort, { once: true })
        entry.cleanup = () => signal.removeEventListener('abort', onAbort)
      }
      pending.add(entry)
      if (canSend(entry)) return send(entry)
      startTimer(entry, entry.waitsForReady ? 'ready' : 'request')
    })
  }

  function abortPending(): number {
    let count = 0
    for (const entry of pending.list()) {
      if (entry.type !== 'RPC_REQUEST') continue
      const method = getRpcMethod((entry.message as { payload?: unknown }).payload)
      if (isSafeRpcMethod(method)) continue
      rejectEntry(entry, new FrameRequestAbortedError({ type: entry.type }))
      count++
    }
    return count
  }

  function destroy() {
    if (phase === 'destroyed') return
    phase = 'destroyed'
    if (listening) window.removeEventListener('message', onMessage)
    listening = false
    if (delayTimer !== undefined) clearTimeout(delayTimer)
    delayTimer = undefined
    for (const entry of pending.list()) rejectEntry(entry, new FrameDisconnectedError())
    readyDeferred.reject(new FrameDisconnectedError())
    iframe?.removeEventListener('error', onIframeError)
    iframe?.remove()
    iframe = undefined
    listeners.clear()
  }

  return {
    allowedOrigin,
    get iframe() {
      return iframe
    },
    get ready() {
      return readyDeferred.promise
    },
    get isReady() {
      return phase === 'ready'
    },
    get frameVersion() {
      return frameVersion
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
      if (phase === 'destroyed') return () => {}
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener as (data: never) => void)
      return () => {
        set.delete(listener as (data: never) => void)
      }
    },
    destroy,
  }
}
