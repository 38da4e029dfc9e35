import { BaseError } from './base'

/** Type of an {@link OnrampSessionNotFoundError}. */
export type OnrampSessionNotFoundErrorType = OnrampSessionNotFoundError & {
  name: 'OnrampSessionNotFoundError'
}

/** No on-ramp purchase has this id on the Latchkey server (or it belongs to another provider). */
export class OnrampSessionNotFoundError extends BaseError {
  override name = 'OnrampSessionNotFoundError'

  constructor() {
    super('This purchase was not found', { docsPath: '/errors.md#buy-with-card' })
  }
}
