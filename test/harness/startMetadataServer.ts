import { createServer, type Server } from 'node:http'

/** A loopback HTTP server answering `GET /meta/:id` with ERC-721 metadata JSON, counting hits. */
export interface MetadataServer {
  /** e.g. `http://127.0.0.1:40123` */
  origin: string
  /** Requests it received, by path. */
  hits: string[]
  close(): Promise<void>
}

/** Starts a {@link MetadataServer}; `name` goes into every document (`${name} #${id}`). */
export async function startMetadataServer(name: string): Promise<MetadataServer> {
  const hits: string[] = []
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '')
    const match = /^\/meta\/(\d+)$/.exec(request.url ?? '')
    if (!match) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        name: `${name} #${match[1]}`,
        description: 'A test token',
        image: `https://images.test/${match[1]}.png`,
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
