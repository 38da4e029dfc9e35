import { BaseError } from './base'

/** Why a send cannot go out (SPEC §5 "Send needs…"), as {@link SendValidationError} says. */
export type SendRule =
  | 'amountAndReceiverRequired'
  | 'tokenRequired'
  | 'unsupportedChain'
  | 'invalidAddress'
  | 'nameNotFound'
  | 'invalidAmount'
  | 'insufficientFunds'
  | 'insufficientFundsForFee'

/**
 * The message of each send rule. The first three are SPEC §5's own words; the others are
 * Latchkey's (the reference names the rules, not their text).
 */
export const sendRuleMessages: { readonly [R in SendRule]: string } = {
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  unsupportedChain: 'Unsupported chain',
  invalidAddress: 'Invalid address',
  nameNotFound: 'No address found for this name',
  invalidAmount: 'Invalid amount',
  insufficientFunds: 'Insufficient funds',
  insufficientFundsForFee: 'Insufficient funds for the network fee',
}

/** Type of a {@link SendValidationError}. */
export type SendValidationErrorType = SendValidationError & { name: 'SendValidationError' }

/**
 * A send that breaks one of the send rules (SPEC §5): no amount or receiver, no token, an
 * unsupported chain, an address that is not one, an amount that is not a number or more than the
 * balance, or too little of the native currency left for the network fee. `rule` says which.
 */
export class SendValidationError extends BaseError {
  /** Which rule the send breaks. */
  rule: SendRule

  override name = 'SendValidationError'

  constructor({ rule }: { rule: SendRule }) {
    super(sendRuleMessages[rule], { docsPath: '/errors.md#send' })
    this.rule = rule
  }
}
