import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback HTTP proxy that hands each request to the next of its targets in turn. */
export interface RoundRobinProxy {
  url: string
  /** Base URLs (`http://127.0.0.1:port`); add them once the servers listen. */
  targets: string[]
  close(): Promise<void>
}

/**
 * Starts the proxy in front of several server instances, as a load balancer without affinity:
 * consecutive requests of one client land on different instances.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const targets: string[] = []
  let next = 0
  const server = createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length] ?? '')
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    // As a load balancer does when its upstream dies: a 502 (with a JSON body the helpers read).
    forwarded.on('error', () => {
      if (outgoing.headersSent) return void outgoing.destroy()
      outgoing.writeHead(502, { 'content-type': 'application/json' })
      outgoing.end(
        JSON.stringify({ error: { name: 'BadGateway', message: 'The upstream server is gone.' } }),
      )
    })
    incoming.pipe(forwarded)
  })
  // Idle client sockets are kept a minute, as a load balancer does (Node's default, 5 s, can close
  // one just as a client under load reuses it: a reset that no server caused).
  server.keepAliveTimeout = 60_000
  // A burst of a thousand new connections at once (the sign-in test) overflowed Node's default
  // queue of 511 waiting connections: the kernel dropped some and the client saw resets.
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, resolve),
  )
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
