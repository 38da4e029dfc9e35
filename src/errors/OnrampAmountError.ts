import { BaseError } from './base'

/** Type of an {@link OnrampAmountError}. */
export type OnrampAmountErrorType = OnrampAmountError & { name: 'OnrampAmountError' }

/** The amount to pay is outside what the on-ramp accepts in that currency (`min` to `max`). */
export class OnrampAmountError extends BaseError {
  currency: string
  min: string
  max: string

  override name = 'OnrampAmountError'

  constructor({ currency, min, max }: { currency: string; min: string; max: string }) {
    super(`Enter an amount from ${min} to ${max} ${currency}`, {
      docsPath: '/errors.md#buy-with-card',
    })
    this.currency = currency
    this.min = min
    this.max = max
  }
}
