/**
 * A WalletConnect-compatible relay on loopback, for tests and the playground: topics,
 * mailboxes until TTL, the `wc_proposeSession` / `wc_approveSession` publishes that also
 * subscribe their caller, exact big-integer ids, pings, and faults on demand.
 * Written from the public relay spec and what WalletConnect core 2.21.8 sends
 * (see /work/shared/notes/walletconnect.md).
 * @see https://specs.walletconnect.com/2.0/specs/servers/relay/relay-server-rpc
 * @example
 * const relay = await startRelay()
 * await SignClient.init({ relayUrl: relay.url, projectId: '0'.repeat(32) })
 * await relay.stop()
 */
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { clientIdFromUrl } from './clientId'
import { createDeliveries, subscriptionId } from './deliveries'
import { createFaults, type RelayFaults } from './faults'
import { createMailbox } from './mailbox'
import { methods, paramsOf, RelayRpcError } from './methods'
import { createOutbox } from './outbox'
import { errorFrame, extractRawId, resultFrame } from './rawId'
import type { Connection, Publish, RelayCore, RelayStats } from './types'

/** Options of `startRelay`. */
export interface RelayOptions {
  /** @default 0 (a free port) */
  port?: number
  /** Interval of WebSocket pings to every client; 0 turns them off. @default 10_000 */
  pingIntervalMs?: number
  /** Clock for TTLs. @default Date.now */
  now?: () => number
  /** A delivery not acknowledged within this time is sent again (to the client's newest socket). @default 1_000 */
  ackTimeoutMs?: number
  /** Sees every frame in and out (to debug or to assert on the wire format). */
  onFrame?: (direction: 'in' | 'out', frame: string, connection: number) => void
}

/** A running relay. */
export interface Relay {
  /** `ws://127.0.0.1:<port>`: pass it as `relayUrl` to both sides. */
  url: string
  port: number
  faults: RelayFaults
  stats: RelayStats
  /** Terminates every client socket now (clients reconnect on their own). */
  dropConnections(): void
  stop(): Promise<void>
}

/** Starts a relay on 127.0.0.1. */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const { port = 0, pingIntervalMs = 10_000, ackTimeoutMs = 1_000, now, onFrame: tap } = options
  const faults = createFaults()
  const mailbox = createMailbox({ now })
  const connections = new Set<Connection>()
  const stats: RelayStats = {
    published: 0,
    delivered: 0,
    acked: 0,
    connections: 0,
    open: 0,
    droppedSockets: 0,
    droppedMessages: 0,
    methods: {},
  }
  const deliveries = createDeliveries({
    connections,
    mailbox,
    faults,
    stats,
    ackTimeoutMs,
    now: now ?? (() => Date.now()),
  })

  const send = (connection: Connection, frame: string) => {
    if (connection.socket.readyState !== connection.socket.OPEN) return
    tap?.('out', frame, connection.id)
    connection.socket.send(frame)
  }

  const core: RelayCore = {
    subscribe(connection, topic) {
      connection.topics.add(topic)
      return subscriptionId(topic, connection.client)
    },
    unsubscribe(connection, topic) {
      connection.topics.delete(topic)
    },
    publish(connection, publish: Publish) {
      if (faults.takePublishDrop()) {
        stats.droppedMessages++
        return
      }
      const { stored, fresh } = mailbox.put({ ...publish, publisher: connection.client })
      if (!fresh) return
      stats.published++
      const clients = new Set<string>()
      for (const other of connections) {
        if (other.client !== connection.client && other.topics.has(publish.topic)) {
          clients.add(other.client)
        }
      }
      for (const client of clients) deliveries.send(client, stored)
    },
    flushMailbox(connection, topic) {
      if (!connection.topics.has(topic)) return
      for (const message of mailbox.pendingFor(topic, connection.client)) {
        deliveries.send(connection.client, message, connection)
      }
    },
    stored(topic) {
      return mailbox.all(topic).map(({ topic, message, publishedAt, tag }) => {
        return { topic, message, publishedAt, tag }
      })
    },
  }

  const onFrame = (connection: Connection, frame: string) => {
    const rawId = extractRawId(frame)
    let body: { method?: unknown; params?: unknown; result?: unknown; error?: unknown }
    try {
      body = JSON.parse(frame)
    } catch {
      return send(connection, errorFrame(undefined, -32700, 'Parse error'))
    }
    if (typeof body !== 'object' || body === null) {
      return send(connection, errorFrame(rawId, -32600, 'Invalid request'))
    }
    if (body.method === undefined) {
      if (rawId !== undefined) deliveries.answered(rawId, body.error === undefined)
      return
    }
    if (typeof body.method !== 'string' || rawId === undefined) {
      return send(connection, errorFrame(rawId, -32600, 'Invalid request'))
    }
    stats.methods[body.method] = (stats.methods[body.method] ?? 0) + 1
    const method = methods[body.method]
    if (!method) return send(connection, errorFrame(rawId, -32601, 'Method not found'))
    try {
      const { result, after } = method(core, connection, paramsOf(body.params))
      send(connection, resultFrame(rawId, result))
      after?.()
    } catch (error) {
      if (!(error instanceof RelayRpcError)) throw error
      send(connection, errorFrame(rawId, error.code, error.message))
    }
  }

  const server = new WebSocketServer({ host: '127.0.0.1', port })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  let nextConnection = 0
  let activity = 0

  server.on('connection', (socket, request) => {
    const id = nextConnection++
    const connection: Connection = {
      id,
      client: clientIdFromUrl(request.url, `socket-${id}`),
      socket,
      topics: new Set(),
      lastActive: activity++,
      outbox: createOutbox((frame) => {
        stats.delivered++
        send(connection, frame)
      }, faults),
    }
    connections.add(connection)
    stats.connections++
    stats.open++
    socket.on('message', (data, isBinary) => {
      if (isBinary) return
      const frame = data.toString()
      connection.lastActive = activity++
      tap?.('in', frame, connection.id)
      onFrame(connection, frame)
      if (faults.takeSocketDrop()) {
        stats.droppedSockets++
        socket.terminate()
      }
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      connections.delete(connection)
      connection.outbox.close()
      stats.open--
    })
  })

  const pinger =
    pingIntervalMs > 0
      ? setInterval(() => {
          for (const { socket } of connections) socket.ping()
        }, pingIntervalMs)
      : undefined
  pinger?.unref()

  const address = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${address.port}`,
    port: address.port,
    faults,
    stats,
    dropConnections() {
      for (const { socket } of connections) socket.terminate()
    },
    async stop() {
      clearInterval(pinger)
      deliveries.stop()
      for (const { socket } of connections) socket.terminate()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
