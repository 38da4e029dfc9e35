import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError } from '../errors/FrameLoadError'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRequestAbortedError } from '../errors/FrameRequestAbortedError'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'
import {
  type FrameRequestType,
  frameRequestSchemas,
  isFrameRequestType,
} from '../schemas/frameRequests'
import type { FrameSuccessPayload } from '../schemas/frameResponses'
import { isAllowedRpcMethod } from '../schemas/frameRpc'
import type { FrameClientState } from './createFrameClientState'
import type { FrameSender } from './createFrameSender'
import type { FrameSettler } from './createFrameSettler'
import type { PendingRequest, PendingRequests } from './createPendingRequests'
import type { FrameClient, FrameRequestArgs } from './frameClientTypes'
import {
  type FrameTimeouts,
  getFrameRequestTimeout,
  getRpcMethod,
  noReadyWaitRequestTypes,
} from './frameTimeouts'

/** The client's `request`: validates the request, gives it a UUID and queues or sends it. */
export function createFrameRequest({
  state,
  src,
  timeouts,
  pending,
  settler,
  sender,
}: {
  state: FrameClientState
  src: string
  timeouts: FrameTimeouts
  pending: PendingRequests
  settler: FrameSettler
  sender: FrameSender
}): FrameClient['request'] {
  return function request<T extends FrameRequestType>(
    type: T,
    ...[payload, options = {}]: FrameRequestArgs<T>
  ): Promise<FrameSuccessPayload<T>> {
    return new Promise<FrameSuccessPayload<T>>((resolve, reject) => {
      if (state.phase === 'destroyed') return reject(new FrameDisconnectedError())
      if (!isFrameRequestType(type))
        return reject(
          new FrameProtocolError({ direction: 'outgoing', reason: 'Unknown request type.' }),
        )
      const method = getRpcMethod(payload)
      if (type === 'RPC_REQUEST' && !isAllowedRpcMethod(method))
        return reject(new FrameRpcNotAllowedError({ method: String(method) }))
      if (!state.iframe) return reject(new FrameNotMountedError())
      if (state.phase === 'failed') return reject(new FrameLoadError({ frameUrl: src }))
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
        const onAbort = () => settler.reject(entry, new FrameRequestAbortedError({ type }))
        signal.addEventListener('abort', onAbort, { once: true })
        entry.cleanup = () => signal.removeEventListener('abort', onAbort)
      }
      pending.add(entry)
      if (sender.canSend(entry)) return sender.send(entry)
      sender.startTimer(entry, entry.waitsForReady ? 'ready' : 'request')
    })
  }
}
