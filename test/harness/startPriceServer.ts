import { createServer, type Server } from 'node:http'

/**
 * A loopback stand-in for the operator's price API (`chainData.priceUrl`): `GET /prices?ids=a,b`
 * answers the entries of `prices` it has for those ids (or `status` when set), counting requests.
 */
export interface PriceServer {
  /** e.g. `http://127.0.0.1:40123/prices` */
  url: string
  /** The ids asked for, one list per request. */
  asked: string[][]
  /** Prices it knows by CAIP id; values are sent as they are (bad ones too). */
  prices: Record<string, unknown>
  /** When set, every request gets this status and no body. */
  status?: number | undefined
  close(): Promise<void>
}

/** Starts a {@link PriceServer} knowing `prices`. */
export async function startPriceServer(prices: Record<string, unknown>): Promise<PriceServer> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean)
    state.asked.push(ids)
    if (state.status !== undefined || url.pathname !== '/prices') {
      response.writeHead(state.status ?? 404).end()
      return
    }
    const answer = Object.fromEntries(
      ids.filter((id) => id in state.prices).map((id) => [id, state.prices[id]]),
    )
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const state: PriceServer = {
    url: `http://127.0.0.1:${port}/prices`,
    asked: [],
    prices,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  return state
}
