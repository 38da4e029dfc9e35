import type {
  OnrampFiatCurrency,
  OnrampProviderInfo,
  OnrampQuote,
  OnrampQuoteRequest,
  OnrampSessionRequest,
  OnrampStatus,
  OnrampToken,
} from '../../src/onramp/onrampTypes'
import type { OnrampSessionRecord } from '../storage/onrampSessionRecord'

/** What one provider sells: currencies with their limits, countries, payment methods, tokens. */
export interface OnrampCatalog {
  fiatCurrencies: OnrampFiatCurrency[]
  countries: string[]
  paymentMethods: string[]
  tokens: OnrampToken[]
}

/** What a provider's event (a verified webhook, or its status answer) says of one purchase. */
export interface OnrampEvent {
  /** Our session id (every provider is given it when the session is created). */
  sessionId: string
  status: OnrampStatus
  txHash?: `0x${string}` | undefined
  failureReason?: string | undefined
  /**
   * The purchase at the provider, for a provider that cannot be given our id inside what it
   * signs (Ramp: the session is in the webhook's URL). The service binds `ref` to the session on
   * the first event and refuses an event whose purchase is another one, or is not to the
   * session's address and token, or started before the session.
   */
  purchase?:
    | {
        ref: string
        address: string
        chainId?: number | undefined
        token: string
        /** When the provider says the purchase started (ms). */
        createdAt: number
      }
    | undefined
}

/**
 * A card payment provider behind `latchkey serve` (server/API.md "Buy with card"): the browser
 * never talks to it except in its own page (`widgetUrl`), and its keys stay on the server. The
 * sandbox (server/onramp/sandbox) is the first; real adapters follow its shape.
 */
export interface OnrampProvider {
  info: OnrampProviderInfo
  /** What it sells now. */
  catalog(): Promise<OnrampCatalog>
  /**
   * Its price for `request`, fee included in the amount paid.
   * @throws {OnrampNotSupportedError} a token, currency, country or method it does not offer
   * @throws {OnrampAmountError} an amount outside its limits
   */
  quote(request: OnrampQuoteRequest): Promise<OnrampQuote>
  /** Starts a purchase on its side; returns the page where the visitor pays. */
  createSession(session: {
    id: string
    request: OnrampSessionRequest
    quote: OnrampQuote
  }): Promise<{ widgetUrl: string }>
  /**
   * Checks a webhook's signature over the raw body, as received, and reads it (`url` is where it
   * was posted: the address given to the provider, with its query).
   * @throws {OnrampWebhookSignatureError} no signature, a wrong one, or too old
   */
  verifyWebhook(body: Uint8Array, headers: Headers, url: URL): OnrampEvent
  /** What it says of a purchase now (for one whose webhook may be lost); none when it cannot say. */
  status(session: OnrampSessionRecord): Promise<OnrampEvent | undefined>
}
