import { BaseError } from './base'

/** Type of a {@link FeeCapExceededError}. */
export type FeeCapExceededErrorType = FeeCapExceededError & { name: 'FeeCapExceededError' }

/** Thrown when a transaction's network fee is above the wallet's configured ceiling. */
export class FeeCapExceededError extends BaseError {
  /** JSON-RPC code: invalid params. */
  code = -32602

  override name = 'FeeCapExceededError'

  constructor({
    what = 'network fee',
    amount,
    limit,
  }: {
    /** @default 'network fee' */
    what?: string | undefined
    /** The asked amount, formatted with its unit, e.g. `0.2 ETH`. */
    amount: string
    /** The ceiling, formatted with its unit. */
    limit: string
  }) {
    super(`The ${what} (${amount}) is above this wallet's limit of ${limit}.`)
  }
}
