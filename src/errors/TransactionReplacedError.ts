import { BaseError } from './base'

/** Type of a {@link TransactionReplacedError}. */
export type TransactionReplacedErrorType = TransactionReplacedError & {
  name: 'TransactionReplacedError'
}

/**
 * The wallet replaced a sent transaction with another one of the same nonce that does something
 * else (`reason` `'replaced'`) or nothing (`'cancelled'`): the send did not happen as previewed.
 * `hash` is the one sent, `replacement` the one mined.
 */
export class TransactionReplacedError extends BaseError {
  hash: `0x${string}`
  replacement: `0x${string}`
  reason: 'replaced' | 'cancelled'

  override name = 'TransactionReplacedError'

  constructor(parameters: {
    hash: `0x${string}`
    replacement: `0x${string}`
    reason: 'replaced' | 'cancelled'
  }) {
    super(
      parameters.reason === 'cancelled'
        ? 'The transaction was cancelled in the wallet'
        : 'The transaction was replaced in the wallet',
      { docsPath: '/errors.md#send', metaMessages: [`Replaced by: ${parameters.replacement}`] },
    )
    this.hash = parameters.hash
    this.replacement = parameters.replacement
    this.reason = parameters.reason
  }
}
