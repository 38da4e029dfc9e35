import { BaseError } from './base'

/** Type of a {@link UnsupportedProviderTypeError}. */
export type UnsupportedProviderTypeErrorType = UnsupportedProviderTypeError & {
  name: 'UnsupportedProviderTypeError'
}

/** Thrown when a provider is of a type the adapter cannot drive. */
export class UnsupportedProviderTypeError extends BaseError {
  override name = 'UnsupportedProviderTypeError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Unsupported provider type', { cause })
  }
}
