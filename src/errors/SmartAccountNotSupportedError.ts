import { BaseError } from './base'

/** Type of a {@link SmartAccountNotSupportedError}. */
export type SmartAccountNotSupportedErrorType = SmartAccountNotSupportedError & {
  name: 'SmartAccountNotSupportedError'
}

/** Thrown when a smart account is requested where only EOAs exist; callers fall back to EOA. */
export class SmartAccountNotSupportedError extends BaseError {
  override name = 'SmartAccountNotSupportedError'

  constructor() {
    super('This application might not support Smart Accounts', {
      metaMessages: ['The embedded wallet is an EOA.'],
    })
  }
}
