import { BaseError } from '../src/errors/base'
import { deserializeError } from '../src/errors/deserializeError'
import { fromErrorBody } from '../src/errors/fromErrorBody'
import { type SerializedError, serializeError } from '../src/errors/serializeError'
import { serverErrorRegistry } from '../src/errors/serverErrorRegistry'

/**
 * An error of the frame's own (a rejection, a refused method) or a server error whose name the
 * frame does not know: its short message, EIP-1193 code and (for the latter) the server's name go
 * to the host, which knows it as a `FrameRequestError`.
 */
export class FrameReplyError extends BaseError {
  /** EIP-1193 / JSON-RPC code, e.g. 4001 when the user rejects. */
  code: number | undefined
  /** The name the server gave the error, when it is one the frame has no class for. */
  remoteName: string | undefined

  override name = 'FrameReplyError'

  constructor({
    message,
    code,
    cause,
    remoteName,
  }: {
    message: string
    code?: number | undefined
    cause?: unknown
    remoteName?: string | undefined
  }) {
    super(message, { cause })
    this.code = code
    this.remoteName = remoteName
  }
}

/** The user clicked Reject (EIP-1193 4001). */
export function userRejected(): FrameReplyError {
  return new FrameReplyError({ message: 'User rejected the request.', code: 4001 })
}

/** The app gave up on the request (CANCEL_APPROVAL after an abort or its deadline). */
export function cancelledByApp(): FrameReplyError {
  return new FrameReplyError({ message: 'The app cancelled the request.', code: 4001 })
}

/** A feature whose issue has not landed yet (EIP-1193 4200, unsupported method). */
export function notAvailableYet(what: string): FrameReplyError {
  return new FrameReplyError({ message: `${what} is not available yet.`, code: 4200 })
}

/** SPEC §6: a method the frame does not allow. */
export function rpcNotAllowed(): FrameReplyError {
  return new FrameReplyError({ message: 'Requested RPC call is not allowed', code: 4200 })
}

/** SYNC_THEME while an approval is open: the approval screen's look does not change (issue 8). */
export function themeLocked(): FrameReplyError {
  return new FrameReplyError({ message: 'The theme cannot change while an approval is open.' })
}

/**
 * The error a server error answer stands for: `{ error: { name, message, code?, …details } }`
 * made again as its class (`InvalidOtpError`, `BroadcastUncertainError` with its hash…), a name
 * the frame has no class for as a {@link FrameReplyError} keeping it, and an answer without an
 * error body (a proxy's page) as 'An error occurred'.
 */
export function readServerError(body: unknown): BaseError {
  const error = fromErrorBody(body)
  if (!error) return new FrameReplyError({ message: 'An error occurred' })
  return deserializeError(error, {
    registry: serverErrorRegistry,
    fallback: (serialized) =>
      new FrameReplyError({
        message: serialized.message,
        code: typeof serialized.code === 'number' ? serialized.code : undefined,
        remoteName: serialized.name,
      }),
  })
}

/**
 * The payload of an `<X>_ERROR` reply: the error serialised with its class name (a server error
 * with the server's name); the frame's own refusals and unexpected failures carry no name, as
 * before names crossed the wire, and the host reads them as `FrameRequestError`s.
 */
export function toReplyPayload(error: unknown): Partial<SerializedError> {
  const { name, code, ...serialized } = serializeError(error, serverErrorRegistry)
  const remoteName = error instanceof FrameReplyError ? error.remoteName : undefined
  const named =
    remoteName ?? (name === 'FrameReplyError' || name === 'InternalError' ? undefined : name)
  return {
    ...(named ? { name: named } : {}),
    ...serialized,
    // The frame wire carries EIP-1193 / JSON-RPC codes only (numbers).
    ...(typeof code === 'number' ? { code } : {}),
  }
}
