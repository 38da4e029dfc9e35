import { BaseError } from './base'

/** Type of a {@link SwapSimulationFailedError}. */
export type SwapSimulationFailedErrorType = SwapSimulationFailedError & {
  name: 'SwapSimulationFailedError'
}

/**
 * The swap, run with `eth_call` just before it would go to the wallet, reverts: the price moved
 * past the slippage since the quote (a trade in between), the allowance or balance is gone, or
 * the quote is stale. Nothing was sent.
 */
export class SwapSimulationFailedError extends BaseError {
  override name = 'SwapSimulationFailedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('The swap would fail now, the price may have moved: ask for a new quote', {
      cause,
      docsPath: '/errors.md#swap',
    })
  }
}
