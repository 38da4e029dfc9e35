import { BaseError } from './base'

/** Why the frame did not load: nothing answered at its URL, or a page loaded that never signalled ready. */
export type FrameLoadFailure = 'unreachable' | 'noReadySignal'

/** Type of a {@link FrameLoadError}. */
export type FrameLoadErrorType = FrameLoadError & { name: 'FrameLoadError' }

const hints: Record<FrameLoadFailure, string> = {
  unreachable:
    'Nothing answered at the frame URL (connection refused, unknown host or TLS failure): is `latchkey serve` running and reachable there?',
  noReadySignal:
    "A page loaded at the frame URL but never signalled ready: check that the URL is the server's /frame page (not a 404 or 500) and that this site's origin is on the project's allowed origins.",
}

/** Thrown when the embedded wallet iframe fails to load (SPEC §8). */
export class FrameLoadError extends BaseError {
  /** The frame URL that failed. */
  frameUrl?: string | undefined
  /** What was seen, when known. */
  reason?: FrameLoadFailure | undefined

  override name = 'FrameLoadError'

  constructor({
    frameUrl,
    reason,
    cause,
  }: {
    frameUrl?: string | undefined
    reason?: FrameLoadFailure | undefined
    cause?: unknown
  } = {}) {
    super('Unable to load email login dependency', {
      cause,
      docsPath: '/errors.md#frame',
      metaMessages: [
        ...(frameUrl ? [`Frame: ${frameUrl}`] : []),
        reason
          ? hints[reason]
          : "Check that the frame URL is reachable and that this site's origin is on the project's allowed origins.",
      ],
    })
    this.frameUrl = frameUrl
    this.reason = reason
  }
}

const timeoutHint =
  "It did not signal ready in time: is `latchkey serve` reachable from the browser at that URL, and is this site's origin on the project's allowed origins?"

/** The console line a failed frame load logs: the URL and what to check. */
export function frameLoadHint(frameUrl: string, reason: FrameLoadFailure | 'timeout'): string {
  const what = reason === 'timeout' ? timeoutHint : hints[reason]
  return `latchkey: the embedded wallet frame did not load from ${frameUrl}. ${what}`
}
