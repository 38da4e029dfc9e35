import { BaseError } from './base'

/** Type of a {@link SolanaWalletRequestError}. */
export type SolanaWalletRequestErrorType = SolanaWalletRequestError & {
  name: 'SolanaWalletRequestError'
}

/**
 * Thrown when a Solana wallet fails a request for another reason than the visitor declining
 * (that is viem's `UserRejectedRequestError`); `details` holds what the wallet said.
 */
export class SolanaWalletRequestError extends BaseError {
  /** The Wallet Standard feature called, e.g. `solana:signAndSendTransaction`. */
  feature: string
  /** The wallet's error code, when it gave one (e.g. -32002 for a failed preflight). */
  code?: number | undefined

  override name = 'SolanaWalletRequestError'

  constructor({ feature, cause }: { feature: string; cause?: unknown }) {
    super(`The Solana wallet failed ${feature}.`, {
      cause,
      docsPath: '/errors.md#solana',
      metaMessages: ['- See details for what the wallet said; try again, or use another wallet.'],
    })
    this.feature = feature
    const code = (cause as { code?: unknown } | null | undefined)?.code
    if (typeof code === 'number') this.code = code
  }
}
