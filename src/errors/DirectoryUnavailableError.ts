import { BaseError } from './base'

/** Type of a {@link DirectoryUnavailableError}. */
export type DirectoryUnavailableErrorType = DirectoryUnavailableError & {
  name: 'DirectoryUnavailableError'
}

/**
 * Thrown when the wallet directory could not be read: unreachable, an HTTP error, too slow, or an
 * answer that is not the directory's shape. The wallet list then says so and offers a retry; it
 * never shows "0 wallets" for a directory it could not read.
 */
export class DirectoryUnavailableError extends BaseError {
  /** What went wrong, for logs: `'network'`, `'timeout'`, `'http 503'`, `'too large'`, `'invalid answer'`. */
  reason: string

  override name = 'DirectoryUnavailableError'

  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('The wallet directory could not be reached', {
      cause,
      details: reason,
      metaMessages: ['Check the `directory.url` option and that the directory server is up.'],
      docsPath: '/errors.md#directory',
    })
    this.reason = reason
  }
}
