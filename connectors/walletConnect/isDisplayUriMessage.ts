/**
 * The connector's pairing-URI message, apart from the connector: the modal reads it without
 * importing `walletConnect()`, so an app that never calls `walletConnect()` has no path to
 * WalletConnect's SDK in its build graph (Next.js fails on an unresolvable optional peer).
 */

/** The URI message the connector emits: `connector.emitter.on('message', …)`. */
export interface WalletConnectDisplayUriMessage {
  type: 'display_uri'
  /** The `wc:` pairing URI to show as a QR code or open as a link. */
  data: string
}

/** Whether a connector `message` event carries a WalletConnect pairing URI. */
export function isDisplayUriMessage(message: {
  type: string
  data?: unknown
}): message is WalletConnectDisplayUriMessage {
  return message.type === 'display_uri' && typeof message.data === 'string'
}
