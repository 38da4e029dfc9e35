import { SendValidationError } from '../errors/SendValidationError'
import { checkSend, nativeTransferGas, sendFeeKey, sendFeeOf } from '../send/checkSend'
import { formatBaseUnits } from '../send/formatBaseUnits'
import { parseReceiver } from '../send/parseReceiver'
import type { SendEvent, SendReceiver, SendState } from './sendTypes'

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
        // the chain's own currency: its balance is the native one already read (no new read
        // follows, as the token address did not change from none to none)
        ...(!same && {
          tokenBalance: event.token.address ? undefined : state.nativeBalance,
          fee: undefined,
          feeError: undefined,
        }),
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

/**
 * Pure send reducer (SPEC §3 send state, §4 sending, §5 send rules): the form, its checks in
 * SPEC order (`violation`), and the send's way from the wallet to a receipt.
 */
export function sendReducer(state: SendState, event: SendEvent): SendState {
  const next = transition(state, event)
  return next === state ? state : derive(next)
}
