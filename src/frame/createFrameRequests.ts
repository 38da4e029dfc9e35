import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError } from '../errors/FrameLoadError'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRequestAbortedError } from '../errors/FrameRequestAbortedError'
import { FrameTimeoutError, type FrameTimeoutReason } from '../errors/FrameTimeoutError'
import { isUserRejection } from '../errors/isUserRejection'
import type { FrameChannelStatus } from '../machines/frameChannel'
import type { FrameIncoming } from '../schemas/frame'
import type { FrameRequestType } from '../schemas/frameRequests'
import type { FrameSuccessPayload } from '../schemas/frameResponses'
import { isSafeRpcMethod } from '../schemas/frameRpc'
import { createFrameApprovals } from './createFrameApprovals'
import type { FrameChannelHooks } from './createFrameChannel'
import type { FrameEvents } from './createFrameEvents'
import { decodeFrameError } from './decodeFrameError'
import type { FrameTimeouts } from './defaultFrameTimeouts'
import type { FrameClient, FrameClientStats, FrameRequestArgs } from './frameClientTypes'
import { getFrameRequestTimeout, getRpcMethod, noReadyWaitRequestTypes } from './frameTimeouts'
import { prepareFrameRequest } from './prepareFrameRequest'

/** One request waiting for its reply. */
type PendingRequest = {
  id: string
  type: FrameRequestType
  message: unknown
  /** Deadline once sent, in milliseconds. */
  timeout: number
  /** Whether it waits for the frame's ready state (false for theme, dapp data, preferred account). */
  waitsForReady: boolean
  /** `queued`: not posted yet (the frame cannot take it yet); `sent`: posted, awaiting the reply. */
  phase: 'queued' | 'sent'
  timer: ReturnType<typeof setTimeout> | undefined
  /** What the timer waits for: the frame's ready signal, or the reply. */
  timerKind: 'ready' | 'request' | undefined
  resolve(value: unknown): void
  reject(error: Error): void
  cleanup(): void
}

/** A reply from the frame, schema-checked by the caller. */
type FrameReply = Exclude<FrameIncoming, { kind: 'event' }>

/** What the requests read of the channel phase. */
export interface FrameRequestsChannel {
  readonly status: FrameChannelStatus
  readonly iframe: HTMLIFrameElement | undefined
  /** A request gave up waiting for the ready signal. */
  readyDeadline(): void
}

/** Parameters of {@link createFrameRequests}. */
export interface CreateFrameRequestsParameters {
  /** The iframe's `src`, named in load errors. */
  src: string
  /** The exact origin requests are posted to. */
  allowedOrigin: string
  timeouts: FrameTimeouts
  stats: FrameClientStats
  events: FrameEvents
  channel: FrameRequestsChannel
  /** How many settled ids are remembered, to tell late and duplicate replies apart. @default 1024 */
  remember?: number | undefined
}

/** The pending requests of one frame client; the channel's hooks tell them of its changes. */
export interface FrameRequests extends FrameChannelHooks {
  /** The client's `request`. */
  request: FrameClient['request']
  /** A schema-valid reply from the frame window. */
  onReply(reply: FrameReply): void
  /** A message from the frame window that failed its schema; fails the sent request it names. */
  onInvalid(id: string | undefined, error: FrameProtocolError): void
  /** APPROVAL_REQUESTED or APPROVAL_SETTLED from the frame window. */
  onApproval(type: 'APPROVAL_REQUESTED' | 'APPROVAL_SETTLED', id: string, popup?: 'open'): void
  /** Aborts every pending RPC request that needs approval; returns how many. */
  abortPending(): number
  /** Requests not settled yet. */
  readonly size: number
}

/**
 * The pending requests: each gets a UUID, waits for the frame (queued) or for its reply (sent)
 * with its own deadline, can be aborted, and settles exactly once; recently settled ids are
 * remembered so late and duplicate replies are counted, never settled twice. The approval screen
 * of an RPC request is followed until the request settles.
 * @example
 * const requests = createFrameRequests({ src, allowedOrigin, timeouts, stats, events, channel })
 * const { chainId } = await requests.request('GET_CHAIN_ID')
 */
export function createFrameRequests(parameters: CreateFrameRequestsParameters): FrameRequests {
  const { src, allowedOrigin, timeouts, stats, events, channel, remember = 1024 } = parameters
  const pending = new Map<string, PendingRequest>()
  const settled = new Map<string, 'answered' | 'ended'>()
  const approvals = createFrameApprovals({
    get: (id) => pending.get(id),
    emit: events.emit,
    // Tells the frame to close the approval of a request the app gave up on.
    cancel(id) {
      if (channel.status === 'ready') request('CANCEL_APPROVAL', { id }).catch(() => {})
    },
  })

  /** Removes the entry and clears its timer and abort listener; false if it had settled already. */
  function settle(entry: PendingRequest, outcome: 'answered' | 'ended'): boolean {
    if (pending.get(entry.id) !== entry) return false
    pending.delete(entry.id)
    clearTimeout(entry.timer)
    entry.timer = undefined
    entry.cleanup()
    settled.set(entry.id, outcome)
    if (settled.size > remember) settled.delete(settled.keys().next().value as string)
    return true
  }

  function resolve(entry: PendingRequest, value: unknown) {
    if (!settle(entry, 'answered')) return
    stats.resolved++
    approvals.end(entry, 'approved', true)
    entry.resolve(value)
  }

  /** Rejects the entry; `answered` when the frame's reply is what failed it. */
  function reject(entry: PendingRequest, error: Error, answered = false) {
    if (!settle(entry, answered ? 'answered' : 'ended')) return
    stats.rejected++
    approvals.end(entry, isUserRejection(error) ? 'rejected' : 'failed', answered)
    entry.reject(error)
  }

  function onDeadline(entry: PendingRequest, reason: FrameTimeoutReason, timeout: number) {
    if (pending.get(entry.id) !== entry) return
    stats.timedOut++
    const frameUrl = reason === 'iframe_load_failed' ? { frameUrl: src } : {}
    reject(entry, new FrameTimeoutError({ reason, type: entry.type, timeout, ...frameUrl }))
    if (reason === 'iframe_load_failed') channel.readyDeadline()
    events.notifyTimeout(reason, entry.type)
  }

  /** Starts the entry's wait for the frame (`ready`) or for its reply (`request`). */
  function startTimer(entry: PendingRequest, kind: 'ready' | 'request') {
    clearTimeout(entry.timer)
    const timeout = kind === 'ready' ? timeouts.ready : entry.timeout
    const reason = kind === 'ready' ? 'iframe_load_failed' : 'iframe_request_timeout'
    entry.timerKind = kind
    entry.timer = setTimeout(() => onDeadline(entry, reason, timeout), timeout)
  }

  function send(entry: PendingRequest) {
    const target = channel.iframe?.contentWindow
    if (!target)
      return reject(entry, new FrameNotMountedError({ details: 'The iframe has no window.' }))
    try {
      target.postMessage(entry.message, allowedOrigin)
    } catch (cause) {
      const reason = 'The message could not be posted.'
      const error = new FrameProtocolError({
        direction: 'outgoing',
        type: entry.type,
        reason,
        cause,
      })
      return reject(entry, error)
    }
    entry.phase = 'sent'
    stats.sent++
    if (entry.timerKind !== 'request') startTimer(entry, 'request')
  }

  function canSend(entry: PendingRequest): boolean {
    const { status } = channel
    return status === 'ready' || (status === 'signalled' && !entry.waitsForReady)
  }

  function request<T extends FrameRequestType>(
    type: T,
    ...[payload, options = {}]: FrameRequestArgs<T>
  ): Promise<FrameSuccessPayload<T>> {
    return new Promise<FrameSuccessPayload<T>>((resolvePromise, rejectPromise) => {
      const { status } = channel
      if (status === 'destroyed') return rejectPromise(new FrameDisconnectedError())
      const prepared = prepareFrameRequest(type, payload, () => {
        if (!channel.iframe) return new FrameNotMountedError()
        if (status === 'failed') return new FrameLoadError({ frameUrl: src })
        return undefined
      })
      if (prepared.error) return rejectPromise(prepared.error)
      const signal = options.signal
      // SPEC §8: aborting the Farcaster URI request does not reject it; its deadline still runs.
      const abortable = signal !== undefined && type !== 'GET_FARCASTER_URI'
      if (abortable && signal.aborted) return rejectPromise(new FrameRequestAbortedError({ type }))
      const entry: PendingRequest = {
        id: prepared.id,
        type,
        message: prepared.message,
        timeout: options.timeout ?? getFrameRequestTimeout(type, payload, timeouts),
        waitsForReady: !noReadyWaitRequestTypes.includes(type),
        phase: 'queued',
        timer: undefined,
        timerKind: undefined,
        resolve: resolvePromise as (value: unknown) => void,
        reject: rejectPromise,
        cleanup: () => {},
      }
      if (abortable) {
        const onAbort = () => reject(entry, new FrameRequestAbortedError({ type }))
        signal.addEventListener('abort', onAbort, { once: true })
        entry.cleanup = () => signal.removeEventListener('abort', onAbort)
      }
      pending.set(entry.id, entry)
      if (canSend(entry)) return send(entry)
      startTimer(entry, entry.waitsForReady ? 'ready' : 'request')
    })
  }

  function countStray(id: string | undefined) {
    const outcome = id === undefined ? undefined : settled.get(id)
    if (outcome === 'answered') stats.duplicate++
    else if (outcome === 'ended') stats.late++
    else stats.unmatched++
  }

  /** Every pending request in `phase`. */
  function inPhase(phase: PendingRequest['phase']): PendingRequest[] {
    return [...pending.values()].filter((entry) => entry.phase === phase)
  }

  return {
    request,
    onReply(reply) {
      const entry = pending.get(reply.id)
      // A queued request's id has not left the page: no genuine reply can name it.
      if (entry?.phase !== 'sent') return countStray(reply.id)
      if (reply.requestType === entry.type) {
        if (reply.kind === 'success') return resolve(entry, reply.payload)
        return reject(entry, decodeFrameError(reply, entry.type), true)
      }
      const type = `${reply.requestType}_${reply.kind === 'success' ? 'SUCCESS' : 'ERROR'}`
      const reason = `Expected a reply to ${entry.type}.`
      reject(entry, new FrameProtocolError({ direction: 'incoming', type, reason }), true)
    },
    onInvalid(id, error) {
      const entry = id === undefined ? undefined : pending.get(id)
      if (entry?.phase === 'sent') reject(entry, error, true)
    },
    onApproval: (type, id, popup) => approvals.onEvent(type, id, popup),
    abortPending() {
      let count = 0
      for (const entry of [...pending.values()]) {
        if (entry.type !== 'RPC_REQUEST') continue
        if (isSafeRpcMethod(getRpcMethod((entry.message as { payload?: unknown }).payload)))
          continue
        reject(entry, new FrameRequestAbortedError({ type: entry.type }))
        count++
      }
      return count
    },
    get size() {
      return pending.size
    },
    opened() {
      // The frame answered: the 20 s load wait is over; requests now wait only for the delay.
      for (const entry of inPhase('queued'))
        if (entry.timerKind === 'ready') {
          clearTimeout(entry.timer)
          entry.timer = undefined
          entry.timerKind = undefined
        }
      for (const entry of inPhase('queued'))
        if (canSend(entry) && pending.get(entry.id) === entry) send(entry)
    },
    pageLost() {
      for (const entry of inPhase('sent'))
        reject(entry, new FrameDisconnectedError({ reason: 'reloaded' }))
    },
    waitAgain() {
      // Queued during the post-ready delay (no deadline then): wait for the frame again.
      for (const entry of inPhase('queued'))
        if (entry.timer === undefined) startTimer(entry, entry.waitsForReady ? 'ready' : 'request')
    },
    failed(error) {
      for (const entry of inPhase('queued')) reject(entry, error)
    },
    closed() {
      for (const entry of [...pending.values()]) reject(entry, new FrameDisconnectedError())
    },
  }
}
