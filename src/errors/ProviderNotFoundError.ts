import { BaseError } from './base'

/** Type of a {@link ProviderNotFoundError}. */
export type ProviderNotFoundErrorType = ProviderNotFoundError & { name: 'ProviderNotFoundError' }

/** Thrown when a connector has no EIP-1193 provider to talk to. */
export class ProviderNotFoundError extends BaseError {
  override name = 'ProviderNotFoundError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Provider not found', { cause })
  }
}
