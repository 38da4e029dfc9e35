import { parseFrameIncoming, parseFrameRequest } from '../src/schemas/frame'
import { type FrameRequest, isFrameRequestType } from '../src/schemas/frameRequests'
import { isAllowedRpcMethod } from '../src/schemas/frameRpc'
import { FrameReplyError, rpcNotAllowed, toReplyPayload } from './FrameReplyError'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const rememberedIds = 1_000

/** Counters of the frame's side of the channel (tests and the logger read them). */
export type FrameListenerStats = { accepted: number; rejectedOrigin: number; invalid: number }

/** Parameters of {@link createMessageListener}. */
export type MessageListenerParameters = {
  parentOrigin: string
  handle(request: FrameRequest): Promise<unknown>
  /** Posts to the parent at exactly `parentOrigin`. */
  post(message: Record<string, unknown>): void
  log(text: string): void
}

function readRpcMethod(data: unknown): unknown {
  const payload = (data as { payload?: unknown } | null)?.payload
  return typeof payload === 'object' && payload !== null && 'method' in payload
    ? (payload as { method: unknown }).method
    : undefined
}

/**
 * The frame's `message` listener: only the parent window at the locked origin is heard; every
 * request is checked with its zod schema; each id is answered once with `<TYPE>_SUCCESS` or
 * `<TYPE>_ERROR`. Nothing here can approve a request: approval is a click (createApprovalQueue).
 */
export function createMessageListener(parameters: MessageListenerParameters) {
  const { parentOrigin, post, log } = parameters
  const stats: FrameListenerStats = { accepted: 0, rejectedOrigin: 0, invalid: 0 }
  const seen = new Set<string>()

  function reply(id: string, type: string, outcome: 'SUCCESS' | 'ERROR', payload: unknown) {
    const message: Record<string, unknown> = { id, type: `${type}_${outcome}` }
    if (payload !== undefined) message.payload = payload
    // Our own replies pass the host's schema too, or the host gets a plain error instead.
    if (parseFrameIncoming(message).success) return post(message)
    const fallback = { id, type: `${type}_ERROR`, payload: { message: 'An error occurred' } }
    if (parseFrameIncoming(fallback).success) post(fallback)
  }

  // A typed error keeps its name, sentence, code and wire fields; anything else is 'An error occurred'.
  function replyError(id: string, type: string, error: unknown) {
    reply(id, type, 'ERROR', toReplyPayload(error))
  }

  function remember(id: string): boolean {
    if (seen.has(id)) return false
    seen.add(id)
    if (seen.size > rememberedIds) seen.delete(seen.values().next().value as string)
    return true
  }

  function onMessage(event: MessageEvent) {
    if (event.source !== window.parent || event.origin !== parentOrigin) {
      stats.rejectedOrigin++
      return
    }
    const result = parseFrameRequest(event.data)
    if (!result.success) {
      stats.invalid++
      const { id, type } = result
      // Answer only what names a real request with a well-formed id; drop the rest.
      if (!id || !uuidPattern.test(id) || !isFrameRequestType(type) || !remember(id)) return
      const method = readRpcMethod(event.data)
      if (type === 'RPC_REQUEST' && typeof method === 'string' && !isAllowedRpcMethod(method))
        return replyError(id, type, rpcNotAllowed())
      return replyError(
        id,
        type,
        new FrameReplyError({ message: `Invalid request: ${result.reason}`, code: -32602 }),
      )
    }
    const request = result.data
    if (!remember(request.id)) return
    stats.accepted++
    log(`request ${request.type}`)
    parameters.handle(request).then(
      (payload) => reply(request.id, request.type, 'SUCCESS', payload),
      (error: unknown) => replyError(request.id, request.type, error),
    )
  }

  return {
    stats,
    onMessage(event: MessageEvent) {
      try {
        onMessage(event)
      } catch {
        // A hostile message never throws out of the listener.
        stats.invalid++
      }
    },
  }
}
