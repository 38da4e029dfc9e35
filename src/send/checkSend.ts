import type { SendRule } from '../errors/SendValidationError'
import type { SendFee, SendState } from '../machines/sendTypes'
import { parseSendAmount } from './parseSendAmount'

/** Namespaces whose sends exist (SPEC §5); only eip155 is built in this package. */
const supportedNamespaces = new Set(['eip155', 'solana'])

/** Gas of a plain transfer of the native currency. */
export const nativeTransferGas = 21_000n

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
