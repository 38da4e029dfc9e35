import { BaseError } from './base'

/** Type of a {@link WalletConnectPairingCancelledError}. */
export type WalletConnectPairingCancelledErrorType = WalletConnectPairingCancelledError & {
  name: 'WalletConnectPairingCancelledError'
}

/**
 * Thrown to a WalletConnect connect attempt that was cancelled while its pairing URI waited for a
 * wallet (the visitor went back from the QR code, or the app disconnected): the proposal and the
 * pairing are dropped, so a wallet that scans the old QR code later connects nothing.
 */
export class WalletConnectPairingCancelledError extends BaseError {
  override name = 'WalletConnectPairingCancelledError'

  constructor() {
    super('The WalletConnect pairing was cancelled.', {
      details: 'The connect attempt ended before a wallet approved the pairing.',
    })
  }
}
