import { BaseError } from './base'

/** Which part of a swap quote differed from the request or from the trusted contracts. */
export type SwapQuoteField =
  | 'chainId'
  | 'taker'
  | 'sellToken'
  | 'buyToken'
  | 'sellAmount'
  | 'minBuyAmount'
  | 'value'
  | 'target'
  | 'spender'
  | 'permit2Domain'
  | 'permit2Token'
  | 'permit2Amount'
  | 'permit2Spender'
  | 'deadline'

/** Type of a {@link SwapQuoteUnsafeError}. */
export type SwapQuoteUnsafeErrorType = SwapQuoteUnsafeError & { name: 'SwapQuoteUnsafeError' }

/**
 * A swap quote refused before it reached the wallet: one of its fields (`field`) is not what was
 * asked (chain, tokens, amount, value, deadline) or names a contract that is not the provider's
 * trusted one (target, spender, Permit2). Nothing was signed or sent.
 */
export class SwapQuoteUnsafeError extends BaseError {
  field: SwapQuoteField
  expected: string
  received: string

  override name = 'SwapQuoteUnsafeError'

  constructor({
    field,
    expected,
    received,
  }: {
    field: SwapQuoteField
    expected: string
    received: string
  }) {
    super('The swap quote does not match the request and was refused: ask for a new quote', {
      docsPath: '/errors.md#swap',
      metaMessages: [`Field: ${field}`, `Expected: ${expected}`, `Received: ${received}`],
    })
    this.field = field
    this.expected = expected
    this.received = received
  }
}
