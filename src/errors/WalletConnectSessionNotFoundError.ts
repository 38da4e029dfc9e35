import { BaseError } from './base'

/** Type of a {@link WalletConnectSessionNotFoundError}. */
export type WalletConnectSessionNotFoundErrorType = WalletConnectSessionNotFoundError & {
  name: 'WalletConnectSessionNotFoundError'
}

/**
 * Thrown when a WalletConnect session should be restored but none is stored (it expired or was
 * ended), or when a request names a session the SDK no longer has ("No matching key": it
 * expired, or the wallet deleted it). The connector is disconnected: connect again.
 */
export class WalletConnectSessionNotFoundError extends BaseError {
  /** The request that found no session, if a request did. */
  method?: string | undefined
  /** The session topic that is gone, if known. */
  topic?: string | undefined

  override name = 'WalletConnectSessionNotFoundError'

  constructor({
    method,
    topic,
    cause,
  }: { method?: string | undefined; topic?: string | undefined; cause?: unknown } = {}) {
    super(
      method
        ? `The WalletConnect session for ${method} no longer exists.`
        : 'No WalletConnect session to restore.',
      {
        cause,
        details: 'The session expired or was ended from the wallet; connect again.',
      },
    )
    this.method = method
    this.topic = topic
  }
}
