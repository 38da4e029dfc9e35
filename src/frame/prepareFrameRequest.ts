import type { BaseError } from '../errors/base'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'
import { frameRequestSchemas, isFrameRequestType } from '../schemas/frameRequests'
import { isAllowedRpcMethod } from '../schemas/frameRpc'
import { getRpcMethod } from './frameTimeouts'

/** A request ready to post (its fresh id and message), or the typed error to reject it with. */
export type PreparedFrameRequest =
  | { id: string; message: unknown; error?: undefined }
  | { error: BaseError }

/**
 * Checks a request before anything leaves the page, in this order: a known type, an allowed RPC
 * method, whatever `channelError` finds (not mounted, failed to load), then a fresh UUID from
 * WebCrypto and a message its schema accepts.
 * @example
 * const prepared = prepareFrameRequest('CONNECT_OTP', { otp: '123456' }, () => undefined)
 * if (prepared.error) throw prepared.error
 */
export function prepareFrameRequest(
  type: string,
  payload: unknown,
  channelError: () => BaseError | undefined,
): PreparedFrameRequest {
  if (!isFrameRequestType(type))
    return {
      error: new FrameProtocolError({ direction: 'outgoing', reason: 'Unknown request type.' }),
    }
  const method = getRpcMethod(payload)
  if (type === 'RPC_REQUEST' && !isAllowedRpcMethod(method))
    return { error: new FrameRpcNotAllowedError({ method: String(method) }) }
  const error = channelError()
  if (error) return { error }
  const id = crypto.randomUUID()
  const parsed = frameRequestSchemas[type].safeParse(
    payload === undefined ? { id, type } : { id, type, payload },
  )
  if (parsed.success) return { id, message: parsed.data }
  const issue = parsed.error.issues[0]
  const path = issue?.path.map(String).join('.')
  const reason = issue ? (path ? `${path}: ${issue.message}` : issue.message) : 'Invalid.'
  return { error: new FrameProtocolError({ direction: 'outgoing', type, reason }) }
}
