import { BaseError } from './base'

/** Type of a {@link SolanaFeatureNotSupportedError}. */
export type SolanaFeatureNotSupportedErrorType = SolanaFeatureNotSupportedError & {
  name: 'SolanaFeatureNotSupportedError'
}

/**
 * Thrown when the connected Solana wallet lacks the Wallet Standard feature a request needs
 * (e.g. `solana:signMessage`), or does not support the current cluster's chain.
 */
export class SolanaFeatureNotSupportedError extends BaseError {
  /** The wallet's name. */
  wallet: string
  /** The missing feature (`solana:signMessage`) or chain (`solana:devnet`). */
  feature: string

  override name = 'SolanaFeatureNotSupportedError'

  constructor({ wallet, feature }: { wallet: string; feature: string }) {
    super(`Solana wallet "${wallet.slice(0, 64)}" does not support ${feature}.`, {
      docsPath: '/errors.md#solana',
      metaMessages: ['- Use another wallet for this request, or another cluster.'],
    })
    this.wallet = wallet.slice(0, 64)
    this.feature = feature
  }
}
