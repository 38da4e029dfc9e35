import { BaseError } from './base'

/** Type of an {@link InvalidAddressError}. */
export type InvalidAddressErrorType = InvalidAddressError & { name: 'InvalidAddressError' }

/** Thrown when an address is not valid for its chain namespace. */
export class InvalidAddressError extends BaseError {
  address: string
  namespace: string

  override name = 'InvalidAddressError'

  constructor({ address, namespace }: { address: string; namespace: string }) {
    super(`Address "${address}" is invalid.`, {
      metaMessages:
        namespace === 'solana'
          ? ['- A Solana address is 32 to 44 base58 characters.']
          : [
              '- An address is 40 hex characters, with an optional 0x prefix.',
              '- Mixed case must be a valid EIP-55 checksum.',
            ],
    })
    this.address = address
    this.namespace = namespace
  }
}
