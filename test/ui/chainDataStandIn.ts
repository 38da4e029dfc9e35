import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** An answer of the stand-in: a status and a JSON body (undefined: the socket is destroyed). */
export type StandInAnswer = { status?: number; body: unknown } | undefined

/** What a route answers for one request (its query parameters; the name or address asked about). */
export type StandInRoute = (
  query: URLSearchParams,
  subject: string,
) => StandInAnswer | Promise<StandInAnswer>

type Kind = 'balance' | 'history' | 'nfts' | 'names' | 'identity'

/** A chain data server stand-in (the `latchkey serve` chain data API's paths) on loopback. */
export interface ChainDataStandIn {
  url: string
  /** Every request, as `kind?query` (e.g. `balance?chainId=1`), in order. */
  requests: string[]
  /** The answer of each kind: `balance`, `history`, `nfts`, `names` (forward), `identity`. */
  routes: Partial<Record<Kind, StandInRoute>>
  close(): Promise<void>
}

/**
 * A loopback HTTP server answering `/v1/account/:address/{balance,history,nfts}`,
 * `/v1/names/:name` and `/v1/identity/:address` with what a test
 * sets, CORS open like the real server's public reads: the panels' fetch, JSON parsing and entry
 * checks all run for real; only the answers are chosen (faults the real server cannot be made to
 * give on demand: spam, a malformed entry, a 500, a slow answer).
 */
export async function startChainDataStandIn(): Promise<ChainDataStandIn> {
  const requests: string[] = []
  const routes: ChainDataStandIn['routes'] = {}
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors)
      return res.end()
    }
    const account = /^\/v1\/account\/(0x[0-9a-f]{40})\/(balance|history|nfts)$/.exec(url.pathname)
    const lookup = /^\/v1\/(names|identity)\/([^/]+)$/.exec(url.pathname)
    const kind = (account?.[2] ?? lookup?.[1]) as Kind | undefined
    const subject = decodeURIComponent(account?.[1] ?? lookup?.[2] ?? '')
    requests.push(`${kind ?? url.pathname}?${url.searchParams}`)
    const answer = kind
      ? await routes[kind]?.(url.searchParams, subject)
      : { status: 404, body: {} }
    if (!answer) return res.destroy()
    res.writeHead(answer.status ?? 200, { ...cors, 'content-type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
