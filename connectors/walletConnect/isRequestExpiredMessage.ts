/**
 * The connector's message for a request the page sent before it was reloaded (plan row D7): its
 * caller is gone with the old page, so the connector reports it as expired once the session is
 * restored, instead of leaving the app to wonder. A late answer from the wallet is dropped.
 */

/** A request from before the reload, reported as expired: `connector.emitter.on('message', …)`. */
export interface WalletConnectRequestExpiredMessage {
  type: 'request_expired'
  data: {
    /** The WalletConnect request id. */
    id: number
    /** The wallet method it asked for, e.g. `personal_sign`. */
    method: string
  }
}

/** Whether a connector `message` event reports a request from before a reload as expired. */
export function isRequestExpiredMessage(message: {
  type: string
  data?: unknown
}): message is WalletConnectRequestExpiredMessage {
  const data = message.data as { id?: unknown; method?: unknown } | undefined
  return (
    message.type === 'request_expired' &&
    typeof data?.id === 'number' &&
    typeof data.method === 'string'
  )
}
