import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback door in front of a real directory that a test can close and open again. */
export interface DirectoryGate {
  /** Base URL to hand the client (`directory.url`). */
  url: string
  /** Every GET that reached the gate, down or up (path and query); a CORS preflight is not one. */
  requests: URL[]
  /** From now on connections are dropped, as a directory that is down drops them. */
  down(): void
  up(): void
  close(): Promise<void>
}

// node:http rather than fetch: in the UI tests' DOM environment `fetch` is the DOM's.
function forward(target: URL, request: IncomingMessage, response: ServerResponse) {
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: target.host },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    },
  )
  upstream.on('error', () => response.destroy())
  request.pipe(upstream)
}

/**
 * Starts a gate on a free loopback port that passes every request on to `target` (a real
 * `latchkey serve` directory) while up, and drops the connection while down: the one fault the
 * real directory cannot make on demand and undo (a closed server does not come back on its port).
 */
export async function startDirectoryGate(target: string): Promise<DirectoryGate> {
  const upstreamUrl = new URL(target)
  let open = true
  const requests: URL[] = []
  const server = createServer((request, response) => {
    if (request.method === 'GET') requests.push(new URL(request.url ?? '/', 'http://gate'))
    if (!open) {
      request.socket.destroy()
      return
    }
    forward(upstreamUrl, request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    down() {
      open = false
    },
    up() {
      open = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
