import { BaseError } from './base'

/** Type of a {@link WalletConnectSessionNotFoundError}. */
export type WalletConnectSessionNotFoundErrorType = WalletConnectSessionNotFoundError & {
  name: 'WalletConnectSessionNotFoundError'
}

/** Thrown when a WalletConnect session should be restored but none is stored (it expired or was ended). */
export class WalletConnectSessionNotFoundError extends BaseError {
  override name = 'WalletConnectSessionNotFoundError'

  constructor() {
    super('No WalletConnect session to restore.', {
      details: 'The session expired or was ended from the wallet; connect again.',
    })
  }
}
