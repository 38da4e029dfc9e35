import { BaseError } from './base'

/** Type of a {@link FrameLoadError}. */
export type FrameLoadErrorType = FrameLoadError & { name: 'FrameLoadError' }

/** Thrown when the embedded wallet iframe fails to load (SPEC §8). */
export class FrameLoadError extends BaseError {
  /** The frame URL that failed. */
  frameUrl?: string | undefined

  override name = 'FrameLoadError'

  constructor({ frameUrl, cause }: { frameUrl?: string | undefined; cause?: unknown } = {}) {
    super('Unable to load email login dependency', {
      cause,
      docsPath: '/errors.md#frame',
      metaMessages: [
        ...(frameUrl ? [`Frame: ${frameUrl}`] : []),
        "Check that the frame URL is reachable and that this site's origin is on the project's allowed origins.",
      ],
    })
    this.frameUrl = frameUrl
  }
}
