import type { Address, Hash } from 'viem'

/**
 * Where a purchase is: `pending` (the session exists, the visitor pays in the provider's page),
 * `processing` (paid; the tokens are on their way), then `completed` or `failed`, both final.
 */
export type OnrampStatus = 'pending' | 'processing' | 'completed' | 'failed'

/** Whether a purchase in `status` can no longer change. */
export function isFinalOnrampStatus(status: OnrampStatus): boolean {
  return status === 'completed' || status === 'failed'
}

/** A card payment provider the server offers. */
export interface OnrampProviderInfo {
  id: string
  name: string
  /** Its fee in basis points of the amount paid (SPEC §9: 1–2 %). */
  feeBps: number
  paymentMethods: string[]
}

/** A currency the visitor can pay in, with the amounts accepted (decimal strings). */
export interface OnrampFiatCurrency {
  /** ISO 4217, e.g. `USD`. */
  code: string
  name: string
  /** e.g. `$`. */
  symbol: string
  min: string
  max: string
}

/** A token the on-ramp delivers; `address` is `nativeTokenAddress` for the chain's currency. */
export interface OnrampToken {
  chainId: number
  address: Address
  symbol: string
  name: string
  decimals: number
}

/** What `GET /v1/onramp/options` answers: what can be bought, with what, from whom. */
export interface OnrampOptions {
  providers: OnrampProviderInfo[]
  fiatCurrencies: OnrampFiatCurrency[]
  paymentMethods: string[]
  /** ISO 3166-1 alpha-2 codes the providers serve. */
  countries: string[]
  /** The visitor's country as the server guesses it (else the first served). */
  country: string
  tokens: OnrampToken[]
}

/** A purchase to price: pay `fiatAmount` of `fiatCurrency`, get `token` on `chainId`. */
export interface OnrampQuoteRequest {
  chainId: number
  token: Address
  fiatCurrency: string
  /** A decimal string with at most 2 decimals, e.g. `100` or `49.90`. */
  fiatAmount: string
  country: string
  paymentMethod: string
}

/** One provider's price for an {@link OnrampQuoteRequest}. */
export interface OnrampQuote {
  provider: string
  providerName: string
  chainId: number
  token: Address
  fiatCurrency: string
  /** The amount paid, with 2 decimals. */
  fiatAmount: string
  /** The provider's fee, included in `fiatAmount`, with 2 decimals. */
  feeAmount: string
  feeBps: number
  /** What the visitor gets, in the token's base units. */
  cryptoAmount: bigint
  paymentMethod: string
}

/** A purchase to start with `provider`, delivered to `address`. */
export interface OnrampSessionRequest extends OnrampQuoteRequest {
  provider: string
  address: Address
}

/** A purchase as the server keeps it (`POST /v1/onramp/sessions`, `GET …/sessions/{id}`). */
export interface OnrampSession {
  id: string
  provider: string
  providerName: string
  status: OnrampStatus
  /** The provider's page where the visitor pays. */
  widgetUrl: string
  chainId: number
  token: Address
  symbol: string
  decimals: number
  address: Address
  fiatCurrency: string
  fiatAmount: string
  feeAmount: string
  cryptoAmount: bigint
  /** The delivery, once the provider sent it. */
  txHash?: Hash | undefined
  /** Why it failed (e.g. `card_declined`), once `failed`. */
  failureReason?: string | undefined
  createdAt: number
  updatedAt: number
}
