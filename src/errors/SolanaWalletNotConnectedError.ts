import { BaseError } from './base'

/** Type of a {@link SolanaWalletNotConnectedError}. */
export type SolanaWalletNotConnectedErrorType = SolanaWalletNotConnectedError & {
  name: 'SolanaWalletNotConnectedError'
}

/** Thrown when a Solana request (sign, send, balance of "my" account) needs a connected wallet. */
export class SolanaWalletNotConnectedError extends BaseError {
  override name = 'SolanaWalletNotConnectedError'

  constructor() {
    super('No Solana wallet is connected.', {
      docsPath: '/errors.md#solana',
      metaMessages: ['- Connect a wallet first (useSolanaConnect), then ask again.'],
    })
  }
}
