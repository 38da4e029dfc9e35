import type { BaseError } from '../errors/base'
import { type SendRule, SendValidationError } from '../errors/SendValidationError'
import { parseReceiver } from '../send/parseReceiver'
import { parseSendAmount } from '../send/parseSendAmount'

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

/** Namespaces whose sends exist (SPEC §5); only eip155 is built in this package. */
const supportedNamespaces = new Set(['eip155', 'solana'])

/** Gas of a plain transfer of the native currency. */
export const nativeTransferGas = 21_000n

const emptyForm = {
  token: undefined,
  tokenBalance: undefined,
  amount: '',
  receiverInput: '',
  receiver: { status: 'empty' },
  receiverAvatar: undefined,
  fee: undefined,
  feeError: undefined,
} as const satisfies Partial<SendState>

/** The state a send starts in: no account, an empty form. */
export function initialSendState(): SendState {
  return derive({
    status: 'editing',
    account: undefined,
    nativeBalance: undefined,
    receiverId: 0,
    error: undefined,
    sent: undefined,
    violation: undefined,
    ready: false,
    ...emptyForm,
  })
}

/** The fee in the native currency's base units, when its parts are known. */
export function sendFeeOf(fee: SendFee | undefined): bigint | undefined {
  return fee ? fee.gas * fee.maxFeePerGas : undefined
}

/**
 * What a gas estimate is for: token, receiver and amount in base units; undefined while the form
 * has nothing to estimate (no valid receiver or amount).
 */
export function sendFeeKey(state: SendState): string | undefined {
  const { account, token, receiver } = state
  if (!account || !token || receiver.status !== 'valid') return undefined
  const amount = parseSendAmount(state.amount, token.decimals)
  if (amount.kind !== 'amount') return undefined
  return `${account.chainId}|${token.address ?? 'native'}|${receiver.address}|${amount.value}`
}

/** The first send rule (SPEC §5, in its order) the form breaks; pending checks break none. */
export function checkSend(state: SendState): SendRule | undefined {
  if (state.account && !supportedNamespaces.has(state.account.namespace)) return 'unsupportedChain'
  if (!state.amount.trim() || !state.receiverInput.trim()) return 'amountAndReceiverRequired'
  if (!state.token) return 'tokenRequired'
  if (state.account && state.account.namespace !== 'eip155') return 'unsupportedChain'
  const amount = parseSendAmount(state.amount, state.token.decimals)
  if (amount.kind !== 'amount') return 'invalidAmount'
  if (state.receiver.status === 'invalid') return state.receiver.rule
  if (state.tokenBalance !== undefined && amount.value > state.tokenBalance)
    return 'insufficientFunds'
  const fee = sendFeeOf(state.fee)
  if (fee !== undefined && state.nativeBalance !== undefined) {
    const native = state.token.address ? 0n : amount.value
    if (native + fee > state.nativeBalance) return 'insufficientFundsForFee'
  }
  return undefined
}

function derive(state: SendState): SendState {
  const rule = checkSend(state)
  const violation =
    rule === undefined
      ? undefined
      : state.violation?.rule === rule
        ? state.violation
        : new SendValidationError({ rule })
  const ready =
    rule === undefined &&
    state.account !== undefined &&
    state.receiver.status === 'valid' &&
    state.tokenBalance !== undefined &&
    state.nativeBalance !== undefined &&
    state.fee?.estimated === true &&
    state.fee.key === sendFeeKey(state)
  if (state.violation === violation && state.ready === ready) return state
  return { ...state, violation, ready }
}

/** An edit of the form: a finished send's status gives way to the form. */
function edit(state: SendState, changes: Partial<SendState>): SendState {
  const leaving =
    state.status !== 'editing' && state.status !== 'sending' && state.status !== 'pending'
  return {
    ...state,
    ...changes,
    ...(leaving && { status: 'editing', sent: undefined }),
    error: undefined,
  }
}

function transition(state: SendState, event: SendEvent): SendState {
  const busy = state.status === 'sending' || state.status === 'pending'
  switch (event.type) {
    case 'accountChanged': {
      const a = state.account
      const b = event.account
      if (a?.address.toLowerCase() === b?.address.toLowerCase() && a?.chainId === b?.chainId)
        return a?.namespace === b?.namespace ? state : { ...state, account: b }
      // SPEC §4: switching the active network (or account) resets the send form.
      return {
        ...state,
        ...emptyForm,
        account: b,
        nativeBalance: undefined,
        receiverId: state.receiverId + 1,
        status: 'editing',
        error: undefined,
        sent: undefined,
      }
    }
    case 'tokenSelected': {
      if (busy) return state
      const same =
        state.token?.address?.toLowerCase() === event.token.address?.toLowerCase() &&
        state.token !== undefined
      return edit(state, {
        token: event.token,
        ...(!same && { tokenBalance: undefined, fee: undefined, feeError: undefined }),
      })
    }
    case 'amountChanged':
      if (busy || event.amount === state.amount) return state
      return edit(state, { amount: event.amount })
    case 'maxRequested': {
      if (busy || !state.token || state.tokenBalance === undefined) return state
      let max = state.tokenBalance
      if (!state.token.address) {
        // the native currency pays the fee too: keep it back
        if (!state.fee) return state
        const reserve =
          (state.fee.estimated ? state.fee.gas : nativeTransferGas) * state.fee.maxFeePerGas
        max = max > reserve ? max - reserve : 0n
      }
      return edit(state, { amount: formatBaseUnits(max, state.token.decimals) })
    }
    case 'receiverChanged': {
      if (busy || event.input === state.receiverInput) return state
      const parsed = parseReceiver(event.input)
      return edit(state, {
        receiverInput: event.input,
        receiverId: state.receiverId + 1,
        receiver: parsed.kind === 'empty' ? { status: 'empty' } : { status: 'typing' },
        receiverAvatar: undefined,
        feeError: undefined,
      })
    }
    case 'receiverSettled': {
      if (event.receiverId !== state.receiverId || state.receiver.status !== 'typing') return state
      const parsed = parseReceiver(state.receiverInput)
      const receiver: SendReceiver =
        parsed.kind === 'address'
          ? { status: 'valid', address: parsed.address }
          : parsed.kind === 'name'
            ? { status: 'resolving', name: parsed.name }
            : parsed.kind === 'empty'
              ? { status: 'empty' }
              : { status: 'invalid', rule: 'invalidAddress' }
      return { ...state, receiver }
    }
    case 'receiverResolved': {
      if (event.receiverId !== state.receiverId) return state
      const current = state.receiver
      if (current.status === 'resolving') {
        if (!event.address)
          return { ...state, receiver: { status: 'invalid', rule: 'nameNotFound' } }
        return {
          ...state,
          receiver: { status: 'valid', address: event.address, name: current.name },
          receiverAvatar: event.avatar ?? undefined,
        }
      }
      if (
        current.status === 'valid' &&
        event.address?.toLowerCase() === current.address.toLowerCase()
      )
        return {
          ...state,
          receiver: { ...current, name: current.name ?? event.name ?? undefined },
          receiverAvatar: event.avatar ?? state.receiverAvatar,
        }
      return state
    }
    case 'balancesRead': {
      if (event.chainId !== state.account?.chainId) return state
      return {
        ...state,
        ...(event.token !== undefined && { tokenBalance: event.token }),
        ...(event.native !== undefined && {
          nativeBalance: event.native,
          ...(state.token && !state.token.address && { tokenBalance: event.native }),
        }),
      }
    }
    case 'feeRead': {
      if (event.fee.estimated) {
        if (event.key !== sendFeeKey(state)) return state
        return { ...state, fee: { ...event.fee, key: event.key }, feeError: undefined }
      }
      // fees per gas only: keeps an estimate's gas for the same transfer
      const kept = state.fee?.estimated ? state.fee : undefined
      return {
        ...state,
        fee: {
          ...event.fee,
          gas: kept?.gas ?? event.fee.gas,
          estimated: Boolean(kept),
          key: kept?.key,
        },
      }
    }
    case 'feeFailed':
      if (event.key !== sendFeeKey(state)) return state
      return {
        ...state,
        feeError: event.error,
        fee: state.fee && { ...state.fee, estimated: false },
      }
    case 'sendRequested':
      if (busy || !state.ready) return state
      return { ...state, status: 'sending', error: undefined, sent: undefined }
    case 'submitted': {
      if (state.status !== 'sending' || !state.token || state.receiver.status !== 'valid')
        return state
      return {
        ...state,
        status: 'pending',
        sent: {
          hash: event.hash,
          token: state.token,
          amount: state.amount.trim().replace(',', '.'),
          to: state.receiver.address,
          toName: state.receiver.name,
          fee: sendFeeOf(state.fee),
        },
      }
    }
    case 'sendFailed':
      if (state.status !== 'sending') return state
      return { ...state, status: 'editing', error: event.error }
    case 'receipt':
      if (state.status !== 'pending' || state.sent?.hash !== event.hash) return state
      if (event.status === 'reverted') return { ...state, status: 'failed', error: event.error }
      // SPEC §4: on success the send form is reset (the token stays chosen for the next one).
      return {
        ...state,
        ...emptyForm,
        token: state.token,
        status: 'confirmed',
        receiverId: state.receiverId + 1,
      }
    case 'replaced':
      if (state.status !== 'pending' || state.sent?.hash !== event.hash) return state
      return { ...state, status: 'replaced', error: event.error }
    case 'dismissed':
      if (busy || state.status === 'editing') return state
      return { ...state, status: 'editing', sent: undefined, error: undefined }
    case 'reset':
      if (busy) return state
      return {
        ...state,
        ...emptyForm,
        status: 'editing',
        receiverId: state.receiverId + 1,
        error: undefined,
        sent: undefined,
      }
  }
}

/** Base units as a plain decimal string, e.g. 1500000n with 6 decimals → '1.5'. */
export function formatBaseUnits(value: bigint, decimals: number): string {
  const text = value.toString().padStart(decimals + 1, '0')
  const integer = decimals ? text.slice(0, -decimals) : text
  const fraction = decimals ? text.slice(-decimals).replace(/0+$/, '') : ''
  return fraction ? `${integer}.${fraction}` : integer
}

/**
 * Pure send reducer (SPEC §3 send state, §4 sending, §5 send rules): the form, its checks in
 * SPEC order (`violation`), and the send's way from the wallet to a receipt.
 */
export function sendReducer(state: SendState, event: SendEvent): SendState {
  const next = transition(state, event)
  return next === state ? state : derive(next)
}
