import type { OnrampStatus } from '../../src/onramp/onrampTypes'

/** A card purchase as stored (`onramp_sessions`, server/onramp). */
export interface OnrampSessionRecord {
  id: string
  provider: string
  projectId: string
  /** The page that started it. */
  origin: string
  /** Where the tokens go (lower case). */
  address: `0x${string}`
  chainId: number
  token: `0x${string}`
  symbol: string
  decimals: number
  fiatCurrency: string
  /** Decimal strings with 2 decimals. */
  fiatAmount: string
  feeAmount: string
  /** Base units, as a decimal string. */
  cryptoAmount: string
  paymentMethod: string
  country: string
  widgetUrl: string
  status: OnrampStatus
  txHash: `0x${string}` | null
  failureReason: string | null
  /** The purchase at its provider, once a verified event named it (server/onramp/ramp). */
  providerRef: string | null
  createdAt: number
  updatedAt: number
}

/** What an event changes: the next status, and the delivery or the reason it failed. */
export interface OnrampSessionUpdate {
  status: OnrampStatus
  txHash?: `0x${string}` | undefined
  failureReason?: string | undefined
}
