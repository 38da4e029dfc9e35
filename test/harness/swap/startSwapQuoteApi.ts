import { createServer, type Server } from 'node:http'
import type { SwapLab } from './deploySwapLab'
import { oneInchAnswer } from './oneInchAnswer'
import type { SwapTamper } from './swapTamper'
import { type LabAnswer, zeroExAnswer } from './zeroExAnswer'

/** One request the quote API received. */
export interface QuoteApiRequest {
  path: string
  query: Record<string, string>
  /** The key it carried (`0x-api-key`, or the 1inch bearer token). */
  apiKey: string | undefined
  origin: string | undefined
}

/**
 * A loopback quote API in the shapes of 0x Swap API v2 (under `/0x`) and 1inch Swap API v6.0
 * (under `/1inch`), priced against the swap lab's pools, so the real adapters run end to end.
 */
export interface SwapQuoteApi {
  /** Base URL of the 0x shape, e.g. `http://127.0.0.1:40123/0x`. */
  zeroExUrl: string
  /** Base URL of the 1inch shape. */
  oneInchUrl: string
  /** The key both shapes want. */
  apiKey: string
  requests: QuoteApiRequest[]
  /** While set, every request answers 429 with `Retry-After: 7`. */
  rateLimited: boolean
  /** While set, answers are rewritten (see ./swapTamper.ts). */
  tamper: SwapTamper | undefined
  close(): Promise<void>
}

const zeroExPath = /^\/0x\/swap\/(allowance-holder|permit2)\/(price|quote)$/
const oneInchPath = /^\/1inch\/swap\/v6\.0\/(\d+)\/(quote|swap)$/

/** Starts a {@link SwapQuoteApi} over `lab` wanting `apiKey`. */
export async function startSwapQuoteApi(
  lab: SwapLab,
  apiKey = 'lab-api-key',
): Promise<SwapQuoteApi> {
  async function answer(url: URL, headers: Record<string, unknown>): Promise<LabAnswer> {
    const zeroEx = zeroExPath.exec(url.pathname)
    const oneInch = oneInchPath.exec(url.pathname)
    const key = zeroEx
      ? headers['0x-api-key']
      : String(headers.authorization ?? '').replace(/^Bearer /, '')
    state.requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      apiKey: typeof key === 'string' && key ? key : undefined,
      origin: typeof headers.origin === 'string' ? headers.origin : undefined,
    })
    if (zeroEx) {
      if (key !== apiKey)
        return { status: 401, body: { name: 'UNAUTHORIZED', message: 'Invalid API key' } }
      if (state.rateLimited)
        return {
          status: 429,
          body: { name: 'RATE_LIMITED', message: 'Too many requests' },
          headers: { 'retry-after': '7' },
        }
      if (headers['0x-version'] !== 'v2')
        return { status: 400, body: { name: 'INPUT_INVALID', message: '0x-version must be v2' } }
      const [, mode, endpoint] = zeroEx as unknown as [string, 'permit2', 'quote']
      return zeroExAnswer(lab, mode, endpoint, url.searchParams, state.tamper)
    }
    if (oneInch) {
      if (key !== apiKey)
        return {
          status: 401,
          body: { statusCode: 401, error: 'Unauthorized', description: 'Invalid API key' },
        }
      if (state.rateLimited)
        return {
          status: 429,
          body: { statusCode: 429, error: 'Too Many Requests', description: 'Rate limit exceeded' },
          headers: { 'retry-after': '7' },
        }
      const [, chain, endpoint] = oneInch as unknown as [string, string, 'swap']
      return oneInchAnswer(lab, chain, endpoint, url.searchParams, state.tamper)
    }
    return { status: 404, body: { message: 'Not found' } }
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    answer(url, request.headers)
      .then(({ status, body, headers }) =>
        response
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body)),
      )
      .catch((error: unknown) => response.writeHead(500).end(String(error)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const state: SwapQuoteApi = {
    zeroExUrl: `http://127.0.0.1:${port}/0x`,
    oneInchUrl: `http://127.0.0.1:${port}/1inch`,
    apiKey,
    requests: [],
    rateLimited: false,
    tamper: undefined,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  return state
}
