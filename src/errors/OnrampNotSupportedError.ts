import { BaseError } from './base'

/** Type of an {@link OnrampNotSupportedError}. */
export type OnrampNotSupportedErrorType = OnrampNotSupportedError & {
  name: 'OnrampNotSupportedError'
}

/**
 * The purchase asks for something no configured on-ramp provider offers: `what` names it (a
 * provider, network, token, currency, country or payment method).
 */
export class OnrampNotSupportedError extends BaseError {
  what: string

  override name = 'OnrampNotSupportedError'

  constructor({ what }: { what: string }) {
    super(`Buying with a card is not available for this ${what}`, {
      docsPath: '/errors.md#buy-with-card',
    })
    this.what = what
  }
}
