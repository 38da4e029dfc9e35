import { BaseError } from './base'

/** Type of a {@link NoConnectionClientError}. */
export type NoConnectionClientErrorType = NoConnectionClientError & {
  name: 'NoConnectionClientError'
}

/** Thrown when sign-in is asked for with no connection able to sign a message (SPEC §8). */
export class NoConnectionClientError extends BaseError {
  override name = 'NoConnectionClientError'

  constructor() {
    super('No ConnectionController client found')
  }
}
