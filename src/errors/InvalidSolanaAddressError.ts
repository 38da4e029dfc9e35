import { BaseError } from './base'

/** Type of an {@link InvalidSolanaAddressError}. */
export type InvalidSolanaAddressErrorType = InvalidSolanaAddressError & {
  name: 'InvalidSolanaAddressError'
}

/** Thrown when a string is not a Solana address: base58 that decodes to exactly 32 bytes. */
export class InvalidSolanaAddressError extends BaseError {
  /** The refused value (cut to 64 characters). */
  address: string

  override name = 'InvalidSolanaAddressError'

  constructor({ address }: { address: string }) {
    const shown = String(address).slice(0, 64)
    super(`Solana address "${shown}" is invalid.`, {
      docsPath: '/errors.md#solana',
      metaMessages: [
        '- Expected 32 to 44 base58 characters that decode to a 32-byte public key,',
        '  e.g. "11111111111111111111111111111111".',
      ],
    })
    this.address = shown
  }
}
