import { InvalidRequestError } from './InvalidRequestError'
import { OriginNotAllowedError } from './OriginNotAllowedError'
import { ProjectNotFoundError } from './ProjectNotFoundError'
import { RateLimitedError } from './RateLimitedError'
import { readNumberDetail } from './readDetail'
import { SiwxNotConfiguredError } from './SiwxNotConfiguredError'
import type { ErrorRegistry } from './serializeError'

// What the wire does not say is not made up: the revived error names the value as unknown.
const unknown = 'unknown'

/**
 * The errors a sign-in server's endpoints answer with besides a refused message (which is a
 * `SiwxVerificationError` with its reason), by name. Small on purpose: the sign-in adapter is in
 * the app's own bundle.
 */
export const siwxErrorRegistry: ErrorRegistry = {
  InvalidRequestError: {
    revive: (error) =>
      new InvalidRequestError({ reason: error.message.replace(/^Invalid request: /, '') }),
  },
  OriginNotAllowedError: { revive: () => new OriginNotAllowedError({ origin: unknown }) },
  ProjectNotFoundError: { revive: () => new ProjectNotFoundError({ projectId: unknown }) },
  RateLimitedError: {
    fields: ['retryAfter', 'retryAfterMs'],
    revive: (error) =>
      new RateLimitedError({
        retryAfterMs:
          readNumberDetail(error, 'retryAfterMs') ??
          (readNumberDetail(error, 'retryAfter') ?? 1) * 1000,
      }),
  },
  SiwxNotConfiguredError: { revive: () => new SiwxNotConfiguredError({ projectId: unknown }) },
}
