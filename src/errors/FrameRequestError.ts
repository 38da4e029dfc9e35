import { BaseError } from './base'

/** Type of a {@link FrameRequestError}. */
export type FrameRequestErrorType = FrameRequestError & { name: 'FrameRequestError' }

/**
 * An error reply from the frame that names no class the host knows (the frame's own refusals,
 * or a name from a newer server): its message, or 'An error occurred' when it has none (SPEC §8).
 */
export class FrameRequestError extends BaseError {
  /** EIP-1193 / JSON-RPC code sent by the frame, e.g. 4001 when the user rejected. */
  code?: number | undefined
  /** The error name the frame sent, when it sent one (e.g. `FrameReplyError`). */
  remoteName?: string | undefined
  /** The request type that failed. */
  type: string

  override name = 'FrameRequestError'

  constructor({
    message,
    code,
    type,
    remoteName,
  }: {
    message?: string | undefined
    code?: number | undefined
    type: string
    remoteName?: string | undefined
  }) {
    super(message || 'An error occurred', {
      metaMessages: [`Request: ${type}`, ...(code === undefined ? [] : [`Code: ${code}`])],
    })
    this.code = code
    this.remoteName = remoteName
    this.type = type
  }
}
