import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { rateLimit } from '../auth/rateLimit'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { createSwapForwarder } from '../swap/forwardSwapCall'
import type { SwapOptions } from '../swap/swapOptions'
import { swapUpstreams } from '../swap/swapUpstreams'

/** Longest query string forwarded. */
const maxQueryLength = 2_048

/** The page's origin, when it may use the swap routes for `projectId` (`'*'` lookup without one). */
function allowedOrigin(context: ServerContext, c: Context<AppEnv>): string {
  const origin = c.req.header('origin')
  const projectId = c.req.query('projectId') ?? ''
  if (!origin || !context.originPolicy.isOriginAllowed(projectId, origin))
    throw new OriginNotAllowedError({ origin: origin ?? 'none' })
  return origin
}

/**
 * The swap forwarder (server/API.md "Swap"): `GET /swap/0x/swap/{allowance-holder|permit2}/
 * {price|quote}` and `GET /swap/1inch/swap/v6.0/{chain}/{quote|swap}`, passed to the configured
 * provider with its key (never sent to the browser) and the operator's fee. Only allowed origins
 * (the project's, `?projectId=`), a rate limit per client address, known query parameters; the
 * provider's answer (status and JSON) is passed on unchanged for the client's adapter to check.
 */
export function swapRoutes(context: ServerContext, options: SwapOptions): Hono<AppEnv> {
  const upstreams = swapUpstreams(options)
  const forwarder = createSwapForwarder({
    priceCacheMs: options.priceCacheMs,
    timeoutMs: options.timeoutMs,
    now: context.now,
  })
  const app = new Hono<AppEnv>()
  app.use(
    '/swap/*',
    cors({
      origin: (origin, c) =>
        context.originPolicy.isOriginAllowed(c.req.query('projectId') ?? '', origin)
          ? origin
          : null,
      allowMethods: ['GET'],
      maxAge: 600,
    }),
  )
  app.get('/swap/:provider/*', async (c) => {
    const upstream = upstreams.get(c.req.param('provider'))
    const path = new URL(c.req.url).pathname.replace(/^.*?\/swap\/[^/]+/, '')
    const match = upstream?.matchPath(path)
    if (!upstream || !match)
      return c.json({ error: { name: 'NotFound', message: 'Not found' } }, 404)
    allowedOrigin(context, c)
    await rateLimit(
      context,
      `swap:address:${clientAddress(c, context.options.trustProxy)}`,
      context.options.rateLimits.swapPerAddress,
    )
    const search = new URL(c.req.url).search
    if (search.length > maxQueryLength)
      throw new InvalidRequestError({ reason: 'The query is too long.' })
    const query = new URLSearchParams(search)
    query.delete('projectId')
    for (const name of query.keys())
      if (!upstream.params.has(name))
        throw new InvalidRequestError({ reason: `Unknown parameter "${name.slice(0, 40)}".` })
    upstream.applyFee(query)
    const answer = await forwarder.forward(upstream, match.path, query, match.price)
    if (answer.retryAfter) c.header('retry-after', answer.retryAfter)
    c.header('content-type', 'application/json')
    return c.body(answer.body, answer.status as 200)
  })
  return app
}
