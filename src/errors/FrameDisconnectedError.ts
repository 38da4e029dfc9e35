import { BaseError } from './base'

/** Type of a {@link FrameDisconnectedError}. */
export type FrameDisconnectedErrorType = FrameDisconnectedError & {
  name: 'FrameDisconnectedError'
}

/** Thrown for requests still pending when the frame client is destroyed or the frame reloads. */
export class FrameDisconnectedError extends BaseError {
  /** `destroyed`: the client was destroyed; `reloaded`: the frame restarted and lost the request. */
  reason: 'destroyed' | 'reloaded'

  override name = 'FrameDisconnectedError'

  constructor({ reason = 'destroyed' }: { reason?: 'destroyed' | 'reloaded' | undefined } = {}) {
    super(
      reason === 'destroyed'
        ? 'The embedded wallet frame was closed.'
        : 'The embedded wallet frame reloaded before it answered.',
      { docsPath: '/errors.md#frame' },
    )
    this.reason = reason
  }
}
