import { BaseError } from './base'

/** Type of a {@link RelayUnreachableError}. */
export type RelayUnreachableErrorType = RelayUnreachableError & { name: 'RelayUnreachableError' }

/**
 * Thrown when a WalletConnect pairing cannot start because the relay did not take the pairing
 * proposal in time: nothing answers at `relayUrl`, or it does not speak WebSocket.
 */
export class RelayUnreachableError extends BaseError {
  /** The relay the connector tried. */
  relayUrl: string
  /** How long it waited, in milliseconds. */
  timeout: number

  override name = 'RelayUnreachableError'

  constructor({
    relayUrl,
    timeout,
    cause,
  }: {
    relayUrl: string
    timeout: number
    cause?: unknown
  }) {
    super(`Could not reach the WalletConnect relay at ${relayUrl}.`, {
      cause,
      docsPath: '/errors.md#walletconnect',
      metaMessages: [
        `No answer from the relay within ${timeout} ms: the WebSocket did not open, or the relay did not take the pairing proposal.`,
        'Check that the relay runs and that this URL is reachable from the browser (scheme, host, port, firewall), or pass another `relayUrl` to walletConnect(). `relayTimeoutMs` sets how long to wait.',
      ],
    })
    this.relayUrl = relayUrl
    this.timeout = timeout
  }
}
