import { BaseError } from './base'

/** Type of a {@link FrameRequestAbortedError}. */
export type FrameRequestAbortedErrorType = FrameRequestAbortedError & {
  name: 'FrameRequestAbortedError'
}

/** Thrown when a pending frame request is aborted (SPEC §8: RPC vs other requests). */
export class FrameRequestAbortedError extends BaseError {
  /** The request type that was aborted. */
  type: string

  override name = 'FrameRequestAbortedError'

  constructor({ type }: { type: string }) {
    super(type === 'RPC_REQUEST' ? 'Request was aborted' : 'Something went wrong', {
      metaMessages: [`Request: ${type}`],
    })
    this.type = type
  }
}
