import { BaseError } from './base'

/** Type of an {@link AccountDataUnavailableError}. */
export type AccountDataUnavailableErrorType = AccountDataUnavailableError & {
  name: 'AccountDataUnavailableError'
}

/**
 * Thrown when the chain data server (or, without one, the chain) could not give an account's
 * balances, history, NFTs or names: unreachable, an HTTP error, too slow, or an answer that is not
 * the API's shape. Views show it as unknown with a retry, never as an empty list or a zero.
 */
export class AccountDataUnavailableError extends BaseError {
  /** What went wrong, for logs: `'network'`, `'timeout'`, `'http 502'`, `'invalid answer'`, `'chain'`. */
  reason: string
  /** The server's error name when it sent one (e.g. `ChainNotSupportedError`). */
  serverError: string | undefined

  override name = 'AccountDataUnavailableError'

  constructor({
    reason,
    cause,
    serverError,
    shortMessage = 'Account data could not be read',
  }: {
    reason: string
    cause?: unknown
    serverError?: string | undefined
    shortMessage?: string | undefined
  }) {
    super(shortMessage, {
      cause,
      details: serverError ? `${reason} (${serverError})` : reason,
      metaMessages: ['Check the data server URL and that the chain is configured on it.'],
      docsPath: '/errors.md#account-data',
    })
    this.reason = reason
    this.serverError = serverError
  }
}
