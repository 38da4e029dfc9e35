import { BaseError } from './base'

/** Why a WalletConnect URI was refused. */
export type InvalidWcUriReason =
  | 'not-a-string'
  | 'too-long'
  | 'scheme'
  | 'topic'
  | 'version'
  | 'symKey'
  | 'relayProtocol'
  | 'expiryTimestamp'

/** Type of an {@link InvalidWcUriError}. */
export type InvalidWcUriErrorType = InvalidWcUriError & { name: 'InvalidWcUriError' }

const explanations: Record<InvalidWcUriReason, string> = {
  'not-a-string': 'it is not a string',
  'too-long': 'it is longer than 2048 characters',
  scheme: 'it does not start with "wc:"',
  topic: 'the topic is not 64 hex characters',
  version: 'only version 2 is supported',
  symKey: 'the "symKey" parameter is not 64 hex characters',
  relayProtocol: 'the "relay-protocol" parameter is missing',
  expiryTimestamp: 'the "expiryTimestamp" parameter is not a positive whole number of seconds',
}

/**
 * Thrown when a string is not a WalletConnect v2 pairing URI. The URI itself is never put in the
 * message: it carries the pairing's symmetric key.
 * @see https://specs.walletconnect.com/2.0/specs/clients/core/pairing/pairing-uri
 */
export class InvalidWcUriError extends BaseError {
  reason: InvalidWcUriReason

  override name = 'InvalidWcUriError'

  constructor({ reason }: { reason: InvalidWcUriReason }) {
    super(`WalletConnect URI is invalid: ${explanations[reason]}.`, {
      metaMessages: ['- Expected "wc:{topic}@2?relay-protocol=irn&symKey={key}".'],
    })
    this.reason = reason
  }
}
