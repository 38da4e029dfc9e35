import { BaseError } from './base'

/** Type of an {@link EmbeddedWalletNotConnectedError}. */
export type EmbeddedWalletNotConnectedErrorType = EmbeddedWalletNotConnectedError & {
  name: 'EmbeddedWalletNotConnectedError'
}

/** Thrown when the embedded wallet is asked for its account before an email login finished. */
export class EmbeddedWalletNotConnectedError extends BaseError {
  override name = 'EmbeddedWalletNotConnectedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('The embedded wallet is not connected. Log in with your email first.', {
      cause,
      docsPath: '/errors.md#frame',
    })
  }
}
