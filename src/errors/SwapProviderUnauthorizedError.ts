import { BaseError } from './base'

/** Type of a {@link SwapProviderUnauthorizedError}. */
export type SwapProviderUnauthorizedErrorType = SwapProviderUnauthorizedError & {
  name: 'SwapProviderUnauthorizedError'
}

/** The swap provider refused the API key (HTTP 401 or 403). */
export class SwapProviderUnauthorizedError extends BaseError {
  provider: string

  override name = 'SwapProviderUnauthorizedError'

  constructor({ provider, cause }: { provider: string; cause?: unknown }) {
    super(
      `The swap provider ${provider} refused the API key: set a valid key on the Latchkey server`,
      { cause, docsPath: '/errors.md#swap' },
    )
    this.provider = provider
  }
}
