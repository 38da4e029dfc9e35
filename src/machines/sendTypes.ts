import type { BaseError } from '../errors/base'
import type { SendValidationError } from '../errors/SendValidationError'

/**
 * Where a send is (SPEC §4 "Sending"): `editing` the form, `sending` (waiting for the wallet),
 * `pending` (sent, no receipt yet), then `confirmed`, `failed` (reverted) or `replaced`.
 */
export type SendStatus = 'editing' | 'sending' | 'pending' | 'confirmed' | 'failed' | 'replaced'

/** The token to send (SPEC §3 send state `token`); no `address`: the chain's native currency. */
export interface SendToken {
  address?: `0x${string}` | undefined
  symbol: string
  name: string
  decimals: number
  iconUrl?: string | null | undefined
  /** USD price of one token, when known. */
  price?: number | undefined
}

/** The connected account a send goes from. */
export interface SendAccount {
  address: `0x${string}`
  chainId: number
  /** CAIP-2 namespace; only eip155 sends are built (SPEC §5: others are 'Unsupported chain'). */
  namespace: string
}

/** The receiver field, checked 500 ms after the last keystroke (SPEC §9 address debounce). */
export type SendReceiver =
  | { status: 'empty' }
  /** Typed, waiting for the debounce. */
  | { status: 'typing' }
  | { status: 'resolving'; name: string }
  | { status: 'valid'; address: `0x${string}`; name?: string | undefined }
  | { status: 'invalid'; rule: 'invalidAddress' | 'nameNotFound' }

/** The network fee: gas limit and fee caps per gas; the fee is their product. */
export interface SendFee {
  gas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas?: bigint | undefined
  /** Whether `gas` was estimated for a transfer (else a transfer's usual gas). */
  estimated: boolean
  /** The transfer `gas` was estimated for ({@link sendFeeKey}). */
  key?: string | undefined
}

/** The send just made, kept for the status screen after the form is reset. */
export interface SentSummary {
  hash: `0x${string}`
  token: SendToken
  amount: string
  to: `0x${string}`
  toName?: string | undefined
  fee: bigint | undefined
}

/** State of the send reducer (SPEC §3 "Send state"). */
export interface SendState {
  status: SendStatus
  account: SendAccount | undefined
  token: SendToken | undefined
  /** The token's balance in base units; undefined while unknown (never a made-up 0). */
  tokenBalance: bigint | undefined
  /** The native balance (pays the fee); undefined while unknown. */
  nativeBalance: bigint | undefined
  /** sendTokenAmount, as typed. */
  amount: string
  /** receiverAddress, as typed (an address or a name). */
  receiverInput: string
  receiver: SendReceiver
  /** receiverProfileImageUrl. */
  receiverAvatar: string | undefined
  /** Bumped by every receiver edit: lookups tagged with an older one are dropped. */
  receiverId: number
  fee: SendFee | undefined
  /** The fee could not be estimated (e.g. the transfer would revert). */
  feeError: BaseError | undefined
  /** Why the last send failed, was rejected or replaced. */
  error: BaseError | Error | undefined
  sent: SentSummary | undefined
  /** The first rule the form breaks; undefined when it can be previewed. */
  violation: SendValidationError | undefined
  /** Whether the form can go to the preview and be sent (no violation, nothing pending). */
  ready: boolean
}

/** Events of the send reducer. */
export type SendEvent =
  | { type: 'accountChanged'; account: SendAccount | undefined }
  | { type: 'tokenSelected'; token: SendToken }
  | { type: 'amountChanged'; amount: string }
  | { type: 'maxRequested' }
  | { type: 'receiverChanged'; input: string }
  /** The debounce ran out for `receiverId`. */
  | { type: 'receiverSettled'; receiverId: number }
  | {
      type: 'receiverResolved'
      receiverId: number
      address: `0x${string}` | null
      avatar?: string | null | undefined
      name?: string | null | undefined
    }
  | {
      type: 'balancesRead'
      chainId: number
      token?: bigint | undefined
      native?: bigint | undefined
    }
  /** A fee for `key` ({@link sendFeeKey}); one without `estimated` is a transfer's usual gas. */
  | { type: 'feeRead'; fee: SendFee; key?: string | undefined }
  | { type: 'feeFailed'; error: BaseError; key: string }
  | { type: 'sendRequested' }
  | { type: 'submitted'; hash: `0x${string}` }
  | { type: 'sendFailed'; error: BaseError | Error }
  | { type: 'receipt'; hash: `0x${string}`; status: 'success' | 'reverted'; error?: BaseError }
  | { type: 'replaced'; hash: `0x${string}`; error: BaseError }
  /** Leaves a finished send's status and goes back to a fresh form. */
  | { type: 'dismissed' }
  | { type: 'reset' }
