import { BaseError } from './base'

/** Type of a {@link NoActiveCaipAddressError}. */
export type NoActiveCaipAddressErrorType = NoActiveCaipAddressError & {
  name: 'NoActiveCaipAddressError'
}

/** Thrown when sign-in is asked for while no account is connected (SPEC §8). */
export class NoActiveCaipAddressError extends BaseError {
  override name = 'NoActiveCaipAddressError'

  constructor() {
    super('No ActiveCaipAddress found')
  }
}
