import { BaseError } from './base'

/** Type of a {@link ConnectionFailedError}. */
export type ConnectionFailedErrorType = ConnectionFailedError & { name: 'ConnectionFailedError' }

/**
 * Thrown when a wallet's provider throws, or answers a connect request with something unusable;
 * `details` holds what the wallet said.
 */
export class ConnectionFailedError extends BaseError {
  /** The wallet's EIP-1193 error code, when it gave one. */
  code?: number | undefined

  override name = 'ConnectionFailedError'

  constructor({ cause, connector }: { cause?: unknown; connector?: string | undefined } = {}) {
    super('The wallet could not connect', {
      cause,
      docsPath: '/errors.md#connect',
      metaMessages: connector ? [`Wallet: ${connector}`] : undefined,
    })
    const code = (cause as { code?: unknown } | null | undefined)?.code
    if (typeof code === 'number') this.code = code
  }
}
