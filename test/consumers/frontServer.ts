import { createServer, request as httpRequest } from 'node:http'

/** A running loopback front server. */
export interface FrontServer {
  url: string
  stop(): Promise<void>
}

/**
 * Stands in front of an app server (`next start`) on a free loopback port: `POST /rpc/{chainId}`
 * goes to that chain's anvil node (the injected test wallet forwards there, on the page's own
 * origin), everything else to `upstream` as it is.
 */
export async function startFrontServer({
  upstream,
  rpc,
}: {
  upstream: string
  rpc: Record<number, string>
}): Promise<FrontServer> {
  const target = new URL(upstream)
  const server = createServer((incoming, outgoing) => {
    const { pathname } = new URL(incoming.url ?? '/', 'http://127.0.0.1')
    const rpcMatch = pathname.match(/^\/rpc\/(\d+)$/)
    const rpcTarget = rpcMatch ? rpc[Number(rpcMatch[1])] : undefined
    const to = rpcTarget ? new URL(rpcTarget) : target
    const proxied = httpRequest(
      {
        hostname: to.hostname,
        port: to.port,
        method: incoming.method,
        path: rpcTarget ? '/' : incoming.url,
        headers: { ...incoming.headers, host: to.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    proxied.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' })
      outgoing.end(`front server: ${error.message}`)
    })
    incoming.pipe(proxied)
  })
  server.keepAliveTimeout = 1_000
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => done())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
