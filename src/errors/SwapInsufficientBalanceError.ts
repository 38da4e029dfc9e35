import { BaseError } from './base'

/** Type of a {@link SwapInsufficientBalanceError}. */
export type SwapInsufficientBalanceErrorType = SwapInsufficientBalanceError & {
  name: 'SwapInsufficientBalanceError'
}

/** The taker holds less of the sell token than the swap sells. */
export class SwapInsufficientBalanceError extends BaseError {
  override name = 'SwapInsufficientBalanceError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Insufficient balance for this swap: lower the amount', {
      cause,
      docsPath: '/errors.md#swap',
    })
  }
}
