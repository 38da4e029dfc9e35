import { BaseError } from './base'

/** Type of a {@link WalletConnectRequestExpiredError}. */
export type WalletConnectRequestExpiredErrorType = WalletConnectRequestExpiredError & {
  name: 'WalletConnectRequestExpiredError'
}

/**
 * Thrown when a request sent over WalletConnect got no answer from the wallet within
 * `requestTimeoutMs` (the wallet app is closed, offline, or never shows the request). The
 * request may still be on the wallet's screen: an answer after this error is ignored.
 */
export class WalletConnectRequestExpiredError extends BaseError {
  /** The JSON-RPC method that got no answer. */
  method: string
  /** How long it waited, in milliseconds. */
  timeout: number

  override name = 'WalletConnectRequestExpiredError'

  constructor({ method, timeout, cause }: { method: string; timeout: number; cause?: unknown }) {
    super(`The wallet did not answer ${method} in time.`, {
      cause,
      docsPath: '/errors.md#walletconnect',
      metaMessages: [
        `No answer over WalletConnect within ${timeout} ms.`,
        'Open the wallet app and try again; `requestTimeoutMs` on walletConnect() sets how long to wait.',
      ],
    })
    this.method = method
    this.timeout = timeout
  }
}
