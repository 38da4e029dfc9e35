import { BaseError } from './base'

/** Type of a {@link EstimateGasFailedError}. */
export type EstimateGasFailedErrorType = EstimateGasFailedError & { name: 'EstimateGasFailedError' }

/** Thrown when gas estimation fails for a transaction. */
export class EstimateGasFailedError extends BaseError {
  override name = 'EstimateGasFailedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Estimate gas failed', { cause })
  }
}
