import { BaseError } from './base'

/** Type of an {@link InvalidCaipNetworkIdError}. */
export type InvalidCaipNetworkIdErrorType = InvalidCaipNetworkIdError & {
  name: 'InvalidCaipNetworkIdError'
}

/**
 * Thrown when a string is not a CAIP-2 chain id of a known namespace.
 * @see https://chainagnostic.org/CAIPs/caip-2
 */
export class InvalidCaipNetworkIdError extends BaseError {
  caipNetworkId: string

  override name = 'InvalidCaipNetworkIdError'

  constructor({ caipNetworkId }: { caipNetworkId: string }) {
    super(`CAIP network id "${caipNetworkId}" is invalid.`, {
      metaMessages: [
        '- Expected "namespace:reference", e.g. "eip155:1".',
        '- Known namespaces: eip155, solana, polkadot, bip122, cosmos.',
      ],
    })
    this.caipNetworkId = caipNetworkId
  }
}
