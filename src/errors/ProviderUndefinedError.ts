import { BaseError } from './base'

/** Type of a {@link ProviderUndefinedError}. */
export type ProviderUndefinedErrorType = ProviderUndefinedError & { name: 'ProviderUndefinedError' }

/** Thrown when a wallet adapter is used before its provider is set. */
export class ProviderUndefinedError extends BaseError {
  override name = 'ProviderUndefinedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Provider is undefined', { cause })
  }
}
