import { BaseError } from './base'

/** Type of a {@link WalletConnectPairingReplacedError}. */
export type WalletConnectPairingReplacedErrorType = WalletConnectPairingReplacedError & {
  name: 'WalletConnectPairingReplacedError'
}

/** Thrown to a WalletConnect connect attempt whose pairing URI was replaced by a newer attempt. */
export class WalletConnectPairingReplacedError extends BaseError {
  override name = 'WalletConnectPairingReplacedError'

  constructor() {
    super('The WalletConnect pairing was replaced by a newer one.', {
      details: 'A fresh pairing URI was requested (the old one expired or was rejected).',
    })
  }
}
