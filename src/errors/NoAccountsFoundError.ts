import { BaseError } from './base'

/** Type of a {@link NoAccountsFoundError}. */
export type NoAccountsFoundErrorType = NoAccountsFoundError & { name: 'NoAccountsFoundError' }

/** Thrown when a wallet connects but reports no accounts. */
export class NoAccountsFoundError extends BaseError {
  override name = 'NoAccountsFoundError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('No accounts found', { cause })
  }
}
