import { BaseError } from './base'

/** Type of an {@link InvalidCaipAddressError}. */
export type InvalidCaipAddressErrorType = InvalidCaipAddressError & {
  name: 'InvalidCaipAddressError'
}

/**
 * Thrown when a string is not a CAIP-10 account id of a known namespace.
 * @see https://chainagnostic.org/CAIPs/caip-10
 */
export class InvalidCaipAddressError extends BaseError {
  address: string

  override name = 'InvalidCaipAddressError'

  constructor({ address }: { address: string }) {
    super(`CAIP address "${address}" is invalid.`, {
      metaMessages: [
        '- Expected "namespace:reference:address", e.g. "eip155:1:0xf39F…2266".',
        '- Known namespaces: eip155, solana, polkadot, bip122, cosmos.',
      ],
    })
    this.address = address
  }
}
