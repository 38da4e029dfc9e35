import { BaseError } from './base'

/** Type of a {@link FrameNotMountedError}. */
export type FrameNotMountedErrorType = FrameNotMountedError & { name: 'FrameNotMountedError' }

/** Thrown when a request is made before the frame is mounted, or without a DOM ('iframe is not set'). */
export class FrameNotMountedError extends BaseError {
  override name = 'FrameNotMountedError'

  constructor({ details }: { details?: string | undefined } = {}) {
    super('Frame is not mounted', { details, docsPath: '/errors.md#frame' })
  }
}
