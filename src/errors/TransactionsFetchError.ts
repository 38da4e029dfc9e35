import { BaseError } from './base'

/** Type of a {@link TransactionsFetchError}. */
export type TransactionsFetchErrorType = TransactionsFetchError & {
  name: 'TransactionsFetchError'
}

/**
 * Thrown when a page of an account's transactions could not be read (SPEC §8 'Failed to fetch
 * transactions'); the list is then empty and its cursor cleared (event ERROR_FETCH_TRANSACTIONS).
 */
export class TransactionsFetchError extends BaseError {
  override name = 'TransactionsFetchError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to fetch transactions', { cause, docsPath: '/errors.md#account-data' })
  }
}
