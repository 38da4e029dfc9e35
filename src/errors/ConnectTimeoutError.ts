import { BaseError } from './base'

/** Type of a {@link ConnectTimeoutError}. */
export type ConnectTimeoutErrorType = ConnectTimeoutError & { name: 'ConnectTimeoutError' }

/** Thrown when a wallet does not answer a connect request within `connectTimeoutMs`. */
export class ConnectTimeoutError extends BaseError {
  /** How long it waited, in milliseconds. */
  timeout: number

  override name = 'ConnectTimeoutError'

  constructor({ timeout, connector }: { timeout: number; connector?: string | undefined }) {
    super('The wallet did not answer the connection request in time', {
      docsPath: '/errors.md#connect',
      metaMessages: [...(connector ? [`Wallet: ${connector}`] : []), `Timeout: ${timeout} ms`],
    })
    this.timeout = timeout
  }
}
