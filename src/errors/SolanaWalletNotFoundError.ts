import { BaseError } from './base'

/** Type of a {@link SolanaWalletNotFoundError}. */
export type SolanaWalletNotFoundErrorType = SolanaWalletNotFoundError & {
  name: 'SolanaWalletNotFoundError'
}

/** Thrown when a Solana wallet asked for is not installed (no Wallet Standard wallet has its name). */
export class SolanaWalletNotFoundError extends BaseError {
  /** The wallet's name as asked for. */
  wallet: string

  override name = 'SolanaWalletNotFoundError'

  constructor({ wallet }: { wallet: string }) {
    super(`Solana wallet "${wallet.slice(0, 64)}" is not installed.`, {
      docsPath: '/errors.md#solana',
      metaMessages: [
        '- Connect one whose readyState is "Installed" (useSolanaWallets lists them),',
        '  or install the wallet and reload the page.',
      ],
    })
    this.wallet = wallet.slice(0, 64)
  }
}
