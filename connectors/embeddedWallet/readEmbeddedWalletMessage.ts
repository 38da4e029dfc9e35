import type { EmbeddedWalletMessage } from './embeddedWalletTypes'

/** A type of the embedded wallet's `message` events. */
export type EmbeddedWalletMessageType = EmbeddedWalletMessage['type']

type DataByType = { [M in EmbeddedWalletMessage as M['type']]: M['data'] }

/** The `data` of the embedded wallet message of type `T`. */
export type EmbeddedWalletMessageData<T extends EmbeddedWalletMessageType> = DataByType[T]

/** A connector `message` event as wagmi's emitter hands it to a listener. */
export type ConnectorMessage = { type: string; data?: unknown }

// Every type the connector emits (a missing or extra one fails the type check).
const messageTypes: Record<EmbeddedWalletMessageType, true> = {
  'embedded:approval': true,
  'embedded:otpSent': true,
  'embedded:verifyDevice': true,
  'embedded:emailUpdated': true,
  'embedded:preferredAccountFallback': true,
  'embedded:socialRedirect': true,
  'embedded:timeout': true,
}

/** Whether a connector `message` event is one of the embedded wallet's. */
export function isEmbeddedWalletMessage(
  message: ConnectorMessage,
): message is EmbeddedWalletMessage {
  return (
    Object.hasOwn(messageTypes, message.type) &&
    typeof message.data === 'object' &&
    message.data !== null
  )
}

/**
 * The data of a connector `message` event if it is the embedded wallet message `type`, else
 * undefined: the one place a listener's untyped message becomes a typed one.
 * @example const approval = readEmbeddedWalletMessage(message, 'embedded:approval')
 */
export function readEmbeddedWalletMessage<T extends EmbeddedWalletMessageType>(
  message: ConnectorMessage,
  type: T,
): EmbeddedWalletMessageData<T> | undefined {
  if (message.type !== type || !isEmbeddedWalletMessage(message)) return undefined
  const data: unknown = message.data
  return data as EmbeddedWalletMessageData<T>
}
