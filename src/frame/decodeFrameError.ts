import type { BaseError } from '../errors/base'
import { deserializeError } from '../errors/deserializeError'
import { FrameRequestError } from '../errors/FrameRequestError'
import { serverErrorRegistry } from '../errors/serverErrorRegistry'
import type { FrameErrorPayload } from '../schemas/frameResponses'

/**
 * The error a frame's `<X>_ERROR` reply stands for: a server error by its class (an
 * `InvalidOtpError`, a `BroadcastUncertainError` with its `hash`), else a `FrameRequestError`
 * with the frame's sentence, code and the name it sent (`remoteName`); an unreadable payload is an
 * `InvalidErrorPayloadError`. A missing sentence reads 'An error occurred' (SPEC §8).
 */
export function decodeFrameError(payload: FrameErrorPayload, type: string): BaseError {
  const { name, code, details } = payload
  const message = payload.message || 'An error occurred'
  if (name === undefined) return new FrameRequestError({ message, code, type })
  return deserializeError(
    { name, message, code, details },
    {
      registry: serverErrorRegistry,
      fallback: (error) =>
        new FrameRequestError({
          message: error.message,
          code: typeof error.code === 'number' ? error.code : undefined,
          type,
          remoteName: error.name,
        }),
    },
  )
}
