/**
 * Delivery of stored messages as `irn_subscription` requests, until each client acknowledges.
 * A client can hold several sockets at once: core 2.21.8, reconnecting with many publishes in
 * flight, opens one socket per publish and keeps only the last, leaving the others open and
 * deaf. So a delivery goes to the client's most recently active socket on the topic, and one
 * not acknowledged within `ackTimeoutMs` is sent again, to a socket not tried yet if there is
 * one, while the message lives.
 */
import { createHash } from 'node:crypto'
import type { FaultState } from './faults'
import type { Mailbox, StoredMessage } from './mailbox'
import { idKey, requestFrame } from './rawId'
import type { Connection, RelayStats } from './types'

/** The relay's delivery engine. */
export interface Deliveries {
  /** Delivers `message` to `client` (through `via` if given, else its newest socket on the topic). */
  send(client: string, message: StoredMessage, via?: Connection): void
  /** A client answered one of our `irn_subscription` requests. */
  answered(rawId: string, ok: boolean): void
  stop(): void
}

interface InFlight {
  /** Every attempt's id: an ack to any of them counts. */
  ids: string[]
  /** Sockets already tried. */
  tried: Set<Connection>
  timer: ReturnType<typeof setTimeout>
}

/** What deliveries need from the relay. */
export interface DeliveryContext {
  connections: Set<Connection>
  mailbox: Mailbox
  faults: FaultState
  stats: RelayStats
  ackTimeoutMs: number
  now: () => number
}

/** The id a subscription goes by: any stable string works, core computes its own. */
export function subscriptionId(topic: string, client: string): string {
  return createHash('sha256')
    .update(topic + client)
    .digest('hex')
}

/** Creates the delivery engine. */
export function createDeliveries(context: DeliveryContext): Deliveries {
  const { connections, mailbox, faults, stats, ackTimeoutMs, now } = context
  /** Unacknowledged deliveries: message → client → the latest attempt. */
  const inFlight = new Map<StoredMessage, Map<string, InFlight>>()
  /** Our request id (its `idKey`) → which message and client it carried. */
  const byId = new Map<string, { message: StoredMessage; client: string }>()
  let counter = 0
  // 13 digits of time and 6 of counter: 19 digits, above 2^53, like core's own ids.
  const nextId = () => `${Date.now()}${String(counter++ % 1_000_000).padStart(6, '0')}`

  const pickSocket = (client: string, topic: string, tried: Set<Connection> | undefined) => {
    let best: Connection | undefined
    let bestUntried: Connection | undefined
    for (const connection of connections) {
      if (connection.client !== client || !connection.topics.has(topic)) continue
      if (!best || connection.lastActive > best.lastActive) best = connection
      if (tried?.has(connection)) continue
      if (!bestUntried || connection.lastActive > bestUntried.lastActive) bestUntried = connection
    }
    return bestUntried ?? best
  }

  const settle = (message: StoredMessage, client: string) => {
    const attempt = inFlight.get(message)?.get(client)
    if (!attempt) return
    clearTimeout(attempt.timer)
    for (const id of attempt.ids) byId.delete(id)
    inFlight.get(message)?.delete(client)
    if (inFlight.get(message)?.size === 0) inFlight.delete(message)
  }

  const send = (client: string, message: StoredMessage, via?: Connection) => {
    const previous = inFlight.get(message)?.get(client)
    if (previous) clearTimeout(previous.timer)
    if (message.ackedBy.has(client) || message.expiresAt <= now()) return settle(message, client)
    const connection = via ?? pickSocket(client, message.topic, previous?.tried)
    // No socket now: the client gets it from the mailbox when it subscribes again.
    if (!connection) return settle(message, client)
    const id = nextId()
    const timer = setTimeout(() => send(client, message), ackTimeoutMs + faults.delayMs)
    timer.unref()
    byId.set(id, { message, client })
    const perClient = inFlight.get(message) ?? new Map<string, InFlight>()
    const tried = new Set(previous?.tried).add(connection)
    perClient.set(client, { ids: [...(previous?.ids ?? []), id], tried, timer })
    inFlight.set(message, perClient)
    const subscription = subscriptionId(message.topic, client)
    const data = {
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
      tag: message.tag,
      ...(message.attestation ? { attestation: message.attestation } : {}),
    }
    connection.outbox.push(requestFrame(id, 'irn_subscription', { id: subscription, data }))
  }

  return {
    send,
    answered(rawId, ok) {
      const target = byId.get(idKey(rawId))
      if (!target || !ok) return
      stats.acked++
      mailbox.ack(target.message, target.client)
      settle(target.message, target.client)
    },
    stop() {
      for (const perClient of inFlight.values()) {
        for (const attempt of perClient.values()) clearTimeout(attempt.timer)
      }
      inFlight.clear()
      byId.clear()
    },
  }
}
