import { BaseError } from './base'

/** Type of a {@link NoActiveCaipNetworkError}. */
export type NoActiveCaipNetworkErrorType = NoActiveCaipNetworkError & {
  name: 'NoActiveCaipNetworkError'
}

/** Thrown when sign-in is asked for with no active network or network client (SPEC §8). */
export class NoActiveCaipNetworkError extends BaseError {
  override name = 'NoActiveCaipNetworkError'

  constructor() {
    super('No ActiveCaipNetwork or client found')
  }
}
