import { BaseError } from './base'

/** Why the server refused an import (server/API.md "Sealed wallets"). */
export const walletImportFailures = [
  /**
   * The account's wallet holds funds or has sent a transaction on one of the server's chains (or
   * a chain could not be asked): replacing it needs the visitor's explicit confirmation.
   */
  'IN_USE',
  /** The account's wallet is not the one the import was confirmed against (it changed meanwhile). */
  'CHANGED',
  /** Another account of this server has that wallet already. */
  'TAKEN',
] as const

/** One of {@link walletImportFailures}. */
export type WalletImportFailure = (typeof walletImportFailures)[number]

/** Type of a {@link WalletImportError}. */
export type WalletImportErrorType = WalletImportError & { name: 'WalletImportError' }

const sentences: Record<WalletImportFailure, string> = {
  IN_USE:
    'Your current wallet holds funds or has been used. Importing replaces it: confirm that you have its recovery phrase or key first.',
  CHANGED: 'Your wallet changed meanwhile. Open the import again.',
  TAKEN: 'Another account here already has this wallet.',
}

/** Thrown when an import of a key or recovery phrase is refused; the account's wallet is unchanged. */
export class WalletImportError extends BaseError {
  /** Which rule refused it. */
  reason: WalletImportFailure

  override name = 'WalletImportError'

  constructor({ reason }: { reason: WalletImportFailure }) {
    super(sentences[reason], { docsPath: '/errors.md#importing-a-wallet' })
    this.reason = reason
  }
}
