import { BaseError } from './base'

/** Type of a {@link DeviceNotVerifiedError}. */
export type DeviceNotVerifiedErrorType = DeviceNotVerifiedError & { name: 'DeviceNotVerifiedError' }

/** Thrown when a device asks to log in before its emailed verification was completed. */
export class DeviceNotVerifiedError extends BaseError {
  override name = 'DeviceNotVerifiedError'

  constructor() {
    super('This device is not verified yet. Check your email.')
  }
}
