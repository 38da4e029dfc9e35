/**
 * A bare relay client for the relay's own tests: raw frames in and out, ids as text, and
 * acknowledgements of deliveries (on by default).
 */
import { WebSocket } from 'ws'
import { extractRawId, requestFrame, resultFrame } from './rawId'

/** A delivery the client received. */
export interface Delivery {
  rawId: string
  topic: string
  message: string
  tag: number
  publishedAt: number
}

/** A connected raw client. */
export interface RawClient {
  socket: WebSocket
  /** Sends any frame as is. */
  sendRaw(frame: string): void
  /** Sends a request and resolves with the raw response frame. */
  send(method: string, params: unknown, rawId?: string): Promise<string>
  /** Sends a request and resolves with its parsed result (rejects on an error response). */
  call<T = unknown>(method: string, params: unknown): Promise<T>
  deliveries: Delivery[]
  /** Resolves once `count` deliveries have arrived. */
  waitForDeliveries(count: number): Promise<Delivery[]>
  /** Acknowledge deliveries (default true). */
  acking: boolean
  close(): Promise<void>
}

let counter = 0

/** Connects to `url`, as client `clientId` (sent as the `iss` of an unsigned auth token). */
export async function connectRaw(url: string, clientId = `did:key:raw${counter++}`) {
  const claims = Buffer.from(JSON.stringify({ iss: clientId })).toString('base64url')
  const socket = new WebSocket(`${url}/?auth=e30.${claims}.sig`)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const answers = new Map<string, (frame: string) => void>()
  const watchers = new Set<() => void>()
  const client: RawClient = {
    socket,
    deliveries: [],
    acking: true,
    sendRaw(frame) {
      socket.send(frame)
    },
    send(method, params, rawId = String(10n ** 18n + BigInt(counter++))) {
      return new Promise((resolve) => {
        answers.set(rawId, resolve)
        socket.send(requestFrame(rawId, method, params))
      })
    },
    async call(method, params) {
      const body = JSON.parse(await client.send(method, params))
      if (body.error) throw new Error(`${body.error.code}: ${body.error.message}`)
      return body.result
    },
    waitForDeliveries(count) {
      return new Promise((resolve) => {
        const check = () => {
          if (client.deliveries.length < count) return
          watchers.delete(check)
          resolve(client.deliveries.slice(0, count))
        }
        watchers.add(check)
        check()
      })
    },
    close() {
      return new Promise((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      })
    },
  }
  socket.on('message', (data) => {
    const frame = data.toString()
    const rawId = extractRawId(frame) ?? ''
    const body = JSON.parse(frame)
    if (body.method === 'irn_subscription') {
      client.deliveries.push({ rawId, ...body.params.data })
      if (client.acking) socket.send(resultFrame(rawId, true))
      for (const watcher of [...watchers]) watcher()
      return
    }
    answers.get(rawId)?.(frame)
    answers.delete(rawId)
  })
  return client
}
