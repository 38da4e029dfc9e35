import { BaseError } from './base'

/** Type of an {@link InvalidFrameUrlError}. */
export type InvalidFrameUrlErrorType = InvalidFrameUrlError & { name: 'InvalidFrameUrlError' }

/** Thrown when the embedded wallet frame URL is not an absolute http(s) URL. */
export class InvalidFrameUrlError extends BaseError {
  /** The refused URL. */
  frameUrl: string

  override name = 'InvalidFrameUrlError'

  constructor({ frameUrl }: { frameUrl: string }) {
    super(`Frame URL "${frameUrl}" is invalid.`, {
      docsPath: '/errors.md#frame',
      metaMessages: [
        '- The frame URL is an absolute http: or https: URL, e.g. https://wallet.example.com/frame.',
      ],
    })
    this.frameUrl = frameUrl
  }
}
