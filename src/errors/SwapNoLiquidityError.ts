import { BaseError } from './base'

/** Type of a {@link SwapNoLiquidityError}. */
export type SwapNoLiquidityErrorType = SwapNoLiquidityError & { name: 'SwapNoLiquidityError' }

/** The swap provider found no route for the pair and amount. */
export class SwapNoLiquidityError extends BaseError {
  override name = 'SwapNoLiquidityError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('No route for this swap: try a smaller amount or another token', {
      cause,
      docsPath: '/errors.md#swap',
    })
  }
}
