import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** One JSON-RPC request (or batch) as it reached the proxy. */
export interface SeenRequest {
  /** ms since epoch, when its body was read. */
  at: number
  methods: string[]
  ids: unknown[]
  batch: boolean
  /** The fault applied, or `forward`. */
  fault: Fault['kind']
  /** The body as received. */
  body: unknown
}

/** What the proxy does with a request. */
export type Fault =
  /** Pass it to the upstream node and its answer back. */
  | { kind: 'forward' }
  /**
   * Answer without the upstream: any status, headers and body (a string as is, else JSON; a
   * JSON-RPC object to a single request gets that request's id unless its id is null).
   */
  | { kind: 'respond'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Reset the connection without passing the request on. */
  | { kind: 'reset' }
  /** Pass it on (the node acts on it), then reset the connection instead of answering. */
  | { kind: 'resetAfterForward' }
  /** Never answer (the socket stays open until the client gives up or the proxy stops). */
  | { kind: 'hang' }
  /** Pass it on, then never answer. */
  | { kind: 'hangAfterForward' }
  /** Stream a JSON-RPC answer of `bytes` bytes in 64 KiB chunks (never all in memory). */
  | { kind: 'oversized'; bytes: number; declareLength?: boolean }
  /** Pass it on, then answer `rewrite(answer, request)` (reorder, duplicate, drop, change ids…). */
  | { kind: 'rewrite'; rewrite: (answer: unknown, request: unknown) => unknown }
  /** Pass it on after `ms`. */
  | { kind: 'delay'; ms: number }

/** A scripted fault: applied to the next `times` requests that `match` accepts (default: all). */
export interface FaultRule {
  match?: (request: { methods: string[]; batch: boolean; body: unknown }) => boolean
  fault: Fault
  /** Default 1; `Infinity` until removed. */
  times?: number
  /**
   * Runs (and is awaited) when the rule applies, before its fault: the moment the request reaches
   * the node's door (read the server's database, mine another transaction…).
   */
  before?: (request: { methods: string[]; batch: boolean; body: unknown }) => unknown
}

/** A fault-injecting JSON-RPC proxy on loopback in front of a real node (harness component d). */
export interface FaultyRpc {
  url: string
  /** Every request in arrival order. */
  seen: SeenRequest[]
  /** Bytes written by `oversized` answers before the client closed the connection. */
  oversizedBytesWritten: number[]
  /** Adds rules; the first matching rule with turns left applies. */
  script(...rules: FaultRule[]): void
  /** Drops every rule. */
  clear(): void
  /** Requests seen whose methods include `method`. */
  count(method: string): number
  stop(): Promise<void>
}

const methodsOf = (body: unknown): string[] =>
  (Array.isArray(body) ? body : [body]).map((item) =>
    String((item as { method?: unknown } | null)?.method ?? ''),
  )

const idsOf = (body: unknown): unknown[] =>
  (Array.isArray(body) ? body : [body]).map((item) => (item as { id?: unknown } | null)?.id)

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Starts the proxy on 127.0.0.1 in front of `upstream` (an anvil URL). */
export async function startFaultyRpc(upstream: string): Promise<FaultyRpc> {
  const rules: (FaultRule & { left: number })[] = []
  const seen: SeenRequest[] = []
  const oversizedBytesWritten: number[] = []
  const sockets = new Set<Socket>()

  const forward = async (text: string) => {
    const answer = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    })
    return { status: answer.status, text: await answer.text() }
  }

  const streamOversized = (
    response: ServerResponse,
    id: unknown,
    bytes: number,
    declare: boolean,
  ) => {
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id ?? 1)},"result":"0x`
    const tail = '"}'
    const fill = bytes - head.length - tail.length
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const headers: Record<string, string | number> = { 'content-type': 'application/json' }
    if (declare) headers['content-length'] = bytes
    response.writeHead(200, headers)
    let written = 0
    const index = oversizedBytesWritten.push(0) - 1
    response.write(head)
    written += head.length
    let left = fill
    const pump = () => {
      while (left > 0 && !response.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= piece.length
        written += piece.length
        oversizedBytesWritten[index] = written
        if (!response.write(piece)) {
          response.once('drain', pump)
          return
        }
      }
      if (left === 0 && !response.destroyed) response.end(tail)
    }
    response.on('close', () => {
      oversizedBytesWritten[index] = written
    })
    pump()
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
    const methods = methodsOf(body)
    const batch = Array.isArray(body)
    const rule = rules.find(
      (item) => item.left > 0 && (item.match?.({ methods, batch, body }) ?? true),
    )
    if (rule) rule.left--
    const fault: Fault = rule?.fault ?? { kind: 'forward' }
    seen.push({ at: Date.now(), methods, ids: idsOf(body), batch, fault: fault.kind, body })
    await rule?.before?.({ methods, batch, body })
    const reply = (status: number, payload: string, headers: Record<string, string> = {}) => {
      if (response.destroyed) return
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(payload)
    }
    switch (fault.kind) {
      case 'forward': {
        const answer = await forward(text)
        return reply(answer.status, answer.text)
      }
      case 'respond': {
        // A JSON-RPC object answers the request it replaces: it carries that request's id.
        const payload =
          !batch && fault.body && typeof fault.body === 'object' && 'jsonrpc' in fault.body
            ? {
                ...fault.body,
                id: 'id' in fault.body && fault.body.id === null ? null : idsOf(body)[0],
              }
            : fault.body
        return reply(
          fault.status,
          typeof payload === 'string' ? payload : JSON.stringify(payload ?? {}),
          fault.headers,
        )
      }
      case 'reset':
        request.socket.destroy()
        return
      case 'resetAfterForward':
        await forward(text)
        request.socket.destroy()
        return
      case 'hang':
        return
      case 'hangAfterForward':
        await forward(text)
        return
      case 'oversized':
        return streamOversized(response, idsOf(body)[0], fault.bytes, fault.declareLength ?? false)
      case 'rewrite': {
        const answer = await forward(text)
        return reply(answer.status, JSON.stringify(fault.rewrite(JSON.parse(answer.text), body)))
      }
      case 'delay': {
        await new Promise((resolve) => setTimeout(resolve, fault.ms))
        const answer = await forward(text)
        return reply(answer.status, answer.text)
      }
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => request.socket.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    oversizedBytesWritten,
    script(...added) {
      for (const rule of added) rules.push({ ...rule, left: rule.times ?? 1 })
    },
    clear() {
      rules.length = 0
    },
    count: (method) => seen.filter((request) => request.methods.includes(method)).length,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
