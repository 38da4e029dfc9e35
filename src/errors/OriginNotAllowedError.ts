import { BaseError } from './base'

/** Type of an {@link OriginNotAllowedError}. */
export type OriginNotAllowedErrorType = OriginNotAllowedError & { name: 'OriginNotAllowedError' }

/** Thrown when an origin is not on a project's allowed origins (SPEC §8 server messages). */
export class OriginNotAllowedError extends BaseError {
  origin: string

  override name = 'OriginNotAllowedError'

  constructor({ origin }: { origin: string }) {
    super('Unauthorized: origin not allowed', { metaMessages: [`Origin: ${origin}`] })
    this.origin = origin
  }
}
