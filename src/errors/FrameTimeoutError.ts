import { BaseError } from './base'

/** Why a frame wait ran out: the frame never became ready, or a reply never came (SPEC §8). */
export type FrameTimeoutReason = 'iframe_load_failed' | 'iframe_request_timeout'

/** Type of a {@link FrameTimeoutError}. */
export type FrameTimeoutErrorType = FrameTimeoutError & { name: 'FrameTimeoutError' }

/** Thrown when the frame does not become ready, or does not answer a request, in time. */
export class FrameTimeoutError extends BaseError {
  /** `iframe_load_failed` (no ready signal) or `iframe_request_timeout` (no reply). */
  reason: FrameTimeoutReason
  /** The request type that waited. */
  type?: string | undefined
  /** How long it waited, in milliseconds. */
  timeout: number
  /** The frame URL that did not become ready (`iframe_load_failed`), when known. */
  frameUrl?: string | undefined

  override name = 'FrameTimeoutError'

  constructor({
    reason,
    type,
    timeout,
    frameUrl,
  }: {
    reason: FrameTimeoutReason
    type?: string | undefined
    timeout: number
    frameUrl?: string | undefined
  }) {
    super(
      reason === 'iframe_load_failed'
        ? 'Unable to load email login dependency'
        : 'Embedded wallet request timed out',
      {
        docsPath: '/errors.md#frame',
        metaMessages:
          reason === 'iframe_load_failed'
            ? [
                ...(frameUrl ? [`Frame: ${frameUrl}`] : []),
                `The embedded wallet frame did not signal ready within ${timeout} ms.`,
                "Check that the frame URL is reachable and that this site's origin is on the project's allowed origins.",
              ]
            : [...(type ? [`Request: ${type}`] : []), `Timeout: ${timeout} ms`],
      },
    )
    this.reason = reason
    this.type = type
    this.timeout = timeout
    this.frameUrl = frameUrl
  }
}
