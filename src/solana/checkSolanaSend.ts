import type { SendRule } from '../errors/SendValidationError'
import { parseSendAmount } from '../send/parseSendAmount'
import { isSolanaAddress } from './solanaAddress'

/** Decimals of SOL: 1 SOL is 10⁹ lamports. */
export const solDecimals = 9

/** The fee of a transaction with one signature, in lamports (Solana's base fee, no priority fee). */
export const solanaSignatureFee = 5000n

/** What the Solana send form holds. */
export interface SolanaSendForm {
  /** The amount of SOL as typed. */
  amount: string
  /** The receiver as typed. */
  receiver: string
  /** The sender's balance in lamports; undefined while unknown (no balance rule applies). */
  balance: bigint | undefined
}

/** A form ready to send: the lamports and the receiver's address. */
export type SolanaSendCheck =
  | { rule: SendRule; lamports?: undefined; receiver?: undefined }
  | { rule: undefined; lamports: bigint; receiver: string }

/**
 * The first send rule (SPEC §5, in its order) the Solana send form breaks, or what it sends: an
 * amount and a receiver, an amount SOL can hold, a Solana address, enough SOL for the amount and
 * then for the fee.
 * @example checkSolanaSend({ amount: '0.5', receiver, balance: 2_000_000_000n }) // { rule: undefined, lamports: 500000000n, receiver }
 */
export function checkSolanaSend(form: SolanaSendForm): SolanaSendCheck {
  const receiver = form.receiver.trim()
  if (!form.amount.trim() || !receiver) return { rule: 'amountAndReceiverRequired' }
  const amount = parseSendAmount(form.amount, solDecimals)
  if (amount.kind !== 'amount') return { rule: 'invalidAmount' }
  if (!isSolanaAddress(receiver)) return { rule: 'invalidAddress' }
  const { balance } = form
  if (balance !== undefined && amount.value > balance) return { rule: 'insufficientFunds' }
  if (balance !== undefined && amount.value + solanaSignatureFee > balance)
    return { rule: 'insufficientFundsForFee' }
  return { rule: undefined, lamports: amount.value, receiver }
}

/** The most SOL a balance can send with the fee kept back, in lamports (0 when it cannot pay). */
export function maxSolanaSend(balance: bigint): bigint {
  return balance > solanaSignatureFee ? balance - solanaSignatureFee : 0n
}
