import { BaseError } from '../../src/errors/base'

/** Type of a {@link FrameAssetsUnavailableError}. */
export type FrameAssetsUnavailableErrorType = FrameAssetsUnavailableError & {
  name: 'FrameAssetsUnavailableError'
}

/** Thrown when the frame page's script can be neither built (no esbuild) nor read prebuilt. */
export class FrameAssetsUnavailableError extends BaseError {
  override name = 'FrameAssetsUnavailableError'

  constructor({ searched, cause }: { searched: readonly string[]; cause?: unknown }) {
    super('The frame page assets are missing.', {
      cause,
      metaMessages: [
        'Build them with `npm run build` (writes dist/frame/), or install esbuild to build them at start.',
        `Looked for a prebuilt manifest in: ${searched.join(', ') || '(nowhere)'}`,
      ],
    })
  }
}
