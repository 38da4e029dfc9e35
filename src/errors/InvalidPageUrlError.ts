import { BaseError } from './base'

/** Why a page URL cannot be opened in a wallet's in-app browser. */
export type InvalidPageUrlReason = 'unparsable' | 'scheme' | 'credentials'

/** Type of an {@link InvalidPageUrlError}. */
export type InvalidPageUrlErrorType = InvalidPageUrlError & { name: 'InvalidPageUrlError' }

const explanations: Record<InvalidPageUrlReason, string> = {
  unparsable: 'it is not an absolute URL',
  scheme: 'it is not an http: or https: URL',
  credentials: 'it holds a user name or password',
}

/**
 * Thrown when a page cannot be handed to a wallet's in-app browser (the Solana deep links for
 * Phantom and Coinbase Wallet): only an absolute http(s) URL without credentials goes.
 */
export class InvalidPageUrlError extends BaseError {
  reason: InvalidPageUrlReason

  override name = 'InvalidPageUrlError'

  constructor({ reason }: { reason: InvalidPageUrlReason }) {
    // the URL itself stays out of the message: it may carry what the page keeps in its query
    super(`Page URL cannot open in a wallet's browser: ${explanations[reason]}.`, {
      docsPath: '/errors.md#solana',
      metaMessages: ['- Expected an http: or https: page URL, e.g. https://app.example.com/swap.'],
    })
    this.reason = reason
  }
}
