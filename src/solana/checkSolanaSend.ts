import type { SendRule } from '../errors/SendValidationError'
import { parseSendAmount } from '../send/parseSendAmount'
import { isSolanaAddress } from './solanaAddress'

/** Decimals of SOL: 1 SOL is 10⁹ lamports. */
export const solDecimals = 9

/** The fee of a transaction with one signature, in lamports (Solana's base fee, no priority fee). */
export const solanaSignatureFee = 5000n

/**
 * Why a Solana send cannot go out: SPEC §5's send rules, two of SPL sends (SOL that covers the
 * fee but not the rent of the receiver's new token account; a token the modal cannot send) and
 * two the cluster enforces on every account (rent): SOL to an address without an account below
 * what opens one, and a send that leaves the sender some SOL, but less than an account must keep.
 */
export type SolanaSendRule =
  | SendRule
  | 'insufficientFundsForRent'
  | 'unsupportedToken'
  | 'belowNewAccountMinimum'
  | 'leavesBelowRentMinimum'

/** The SPL token a Solana send moves (none: SOL). */
export interface SolanaSendToken {
  /** The mint's decimals: an amount may have no more fraction digits. */
  decimals: number
  /** What the sender holds, in the token's base units. */
  balance: bigint
  /** False for a mint the transfer cannot move (see `splTransferSupport`). @default true */
  supported?: boolean | undefined
}

/** What the Solana send form holds. */
export interface SolanaSendForm {
  /** The amount as typed, in SOL or in the token's units. */
  amount: string
  /** The receiver as typed. */
  receiver: string
  /** The sender's SOL balance in lamports; undefined while unknown (no SOL rule applies). */
  balance: bigint | undefined
  /** The SPL token sent; undefined sends SOL. */
  token?: SolanaSendToken | undefined
  /**
   * Lamports the sender pays to create the receiver's token account (0 when it exists);
   * undefined while unknown (only the fee is held back). Ignored for SOL.
   */
  rent?: bigint | undefined
  /**
   * The least an account without data may hold, in lamports (the cluster's
   * `getMinimumBalanceForRentExemption(0)`): the cluster refuses a transaction that leaves an
   * account between none and this, so SOL opening an account must bring this much and the sender
   * must keep none or this much. Undefined while unknown (those two rules wait).
   */
  rentExemptMinimum?: bigint | undefined
  /** Whether the receiver has an account (SOL sends); undefined while unknown. */
  receiverHasAccount?: boolean | undefined
}

/** A form ready to send: the amount in base units (lamports for SOL) and the receiver's address. */
export type SolanaSendCheck =
  | { rule: SolanaSendRule; amount?: undefined; receiver?: undefined }
  | { rule: undefined; amount: bigint; receiver: string }

/**
 * The first send rule (SPEC §5, in its order) the Solana send form breaks, or what it sends: a
 * token the transfer can move, an amount and a receiver, an amount the token's decimals can
 * hold, a Solana address, no more than the balance of what is sent, then SOL for the fee and,
 * for a token, for the rent of the receiver's new token account, then the cluster's rent rules:
 * SOL that opens the receiver's account at least its minimum, and the sender left with none or
 * at least that minimum (Max sends everything but the fee).
 * @example checkSolanaSend({ amount: '0.5', receiver, balance: 2_000_000_000n }) // { rule: undefined, amount: 500000000n, receiver }
 */
export function checkSolanaSend(form: SolanaSendForm): SolanaSendCheck {
  const { token, balance } = form
  // no amount makes such a token sendable: said before anything is typed
  if (token?.supported === false) return { rule: 'unsupportedToken' }
  const receiver = form.receiver.trim()
  if (!form.amount.trim() || !receiver) return { rule: 'amountAndReceiverRequired' }
  const amount = parseSendAmount(form.amount, token?.decimals ?? solDecimals)
  if (amount.kind !== 'amount') return { rule: 'invalidAmount' }
  if (!isSolanaAddress(receiver)) return { rule: 'invalidAddress' }
  const held = token ? token.balance : balance
  if (held !== undefined && amount.value > held) return { rule: 'insufficientFunds' }
  const lamports = token ? 0n : amount.value
  if (balance !== undefined && lamports + solanaSignatureFee > balance)
    return { rule: 'insufficientFundsForFee' }
  const rent = token ? (form.rent ?? 0n) : 0n
  if (balance !== undefined && solanaSignatureFee + rent > balance)
    return { rule: 'insufficientFundsForRent' }
  const minimum = form.rentExemptMinimum
  if (minimum !== undefined) {
    if (!token && form.receiverHasAccount === false && lamports < minimum)
      return { rule: 'belowNewAccountMinimum' }
    const left = balance === undefined ? 0n : balance - lamports - solanaSignatureFee - rent
    if (left > 0n && left < minimum) return { rule: 'leavesBelowRentMinimum' }
  }
  return { rule: undefined, amount: amount.value, receiver }
}

/** The most SOL a balance can send with the fee kept back, in lamports (0 when it cannot pay). */
export function maxSolanaSend(balance: bigint): bigint {
  return balance > solanaSignatureFee ? balance - solanaSignatureFee : 0n
}
