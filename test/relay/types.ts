import type { WebSocket } from 'ws'
import type { Outbox } from './outbox'

/** One client socket as the relay sees it. */
export interface Connection {
  id: number
  /** The client's did:key from its auth token (stable across reconnects), or a per-socket name. */
  client: string
  socket: WebSocket
  topics: Set<string>
  outbox: Outbox
  /** Relay-wide sequence number of this socket's latest frame: higher is more recent. */
  lastActive: number
}

/** A publish as the methods hand it to the relay. */
export interface Publish {
  topic: string
  message: string
  /** Seconds. */
  ttl: number
  tag: number
  attestation?: string
}

/** Counters a test reads to see what the relay did. */
export interface RelayStats {
  /** Messages stored and fanned out (retried duplicates and dropped ones excluded). */
  published: number
  /** `irn_subscription` frames sent (duplicates included). */
  delivered: number
  /** Deliveries acknowledged by clients. */
  acked: number
  /** Sockets accepted since start. */
  connections: number
  /** Sockets open now. */
  open: number
  /** Sockets the relay terminated through `dropSocketAfter`. */
  droppedSockets: number
  /** Publishes lost through `dropNext`. */
  droppedMessages: number
  /** Requests received, by method. */
  methods: Record<string, number>
}

/** What the JSON-RPC methods need from the relay. */
export interface RelayCore {
  subscribe(connection: Connection, topic: string): string
  unsubscribe(connection: Connection, topic: string): void
  publish(connection: Connection, publish: Publish): void
  /** Sends stored messages on `topic` that `connection` has not acknowledged yet. */
  flushMailbox(connection: Connection, topic: string): void
  stored(topic: string): { topic: string; message: string; publishedAt: number; tag: number }[]
}
