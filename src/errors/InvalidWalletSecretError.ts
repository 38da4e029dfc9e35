import { BaseError } from './base'

/** What is wrong with a recovery phrase or private key typed into the wallet frame. */
export const walletSecretProblems = [
  /** Neither a 64-digit hex key nor 12, 15, 18, 21 or 24 words. */
  'WORD_COUNT',
  /** A word that is not on the BIP-39 English list (`position`, from 1, says which). */
  'UNKNOWN_WORD',
  /** Every word is on the list, but the phrase's checksum does not match (a word is wrong or moved). */
  'CHECKSUM',
  /** 64 hex digits, but not a valid secp256k1 private key (zero, or not below the curve order). */
  'PRIVATE_KEY',
] as const

/** One of {@link walletSecretProblems}. */
export type WalletSecretProblem = (typeof walletSecretProblems)[number]

/** Type of an {@link InvalidWalletSecretError}. */
export type InvalidWalletSecretErrorType = InvalidWalletSecretError & {
  name: 'InvalidWalletSecretError'
}

function sentence(problem: WalletSecretProblem, position: number | undefined): string {
  switch (problem) {
    case 'WORD_COUNT':
      return 'Enter a recovery phrase of 12, 15, 18, 21 or 24 words, or a private key of 64 hex digits.'
    case 'UNKNOWN_WORD':
      return `Word ${position ?? '?'} is not a recovery phrase word (BIP-39, English). Check its spelling.`
    case 'CHECKSUM':
      return 'This recovery phrase is not valid: its checksum does not match. A word is wrong or out of order.'
    case 'PRIVATE_KEY':
      return 'This is not a valid private key.'
  }
}

/**
 * Thrown in the wallet frame when a recovery phrase or private key to import is not valid; the
 * message never repeats what was typed. Nothing was sent and the wallet is unchanged.
 */
export class InvalidWalletSecretError extends BaseError {
  /** What is wrong. */
  problem: WalletSecretProblem
  /** The word at fault (`UNKNOWN_WORD`), from 1. */
  position: number | undefined

  override name = 'InvalidWalletSecretError'

  constructor({ problem, position }: { problem: WalletSecretProblem; position?: number }) {
    super(sentence(problem, position), { docsPath: '/errors.md#importing-a-wallet' })
    this.problem = problem
    this.position = position
  }
}
