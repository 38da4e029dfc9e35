import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { rateLimit } from '../auth/rateLimit'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import type { OnrampService } from '../onramp/createOnrampService'
import { quoteToJson, sessionToJson } from '../onramp/onrampWire'

const quoteRequestSchema = z
  .object({
    chainId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    token: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.'),
    fiatCurrency: z.string().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 code such as USD.'),
    fiatAmount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'Expected an amount such as 100.'),
    country: z.string().regex(/^[A-Z]{2}$/, 'Expected an ISO 3166 code such as US.'),
    paymentMethod: z.string().min(1).max(40),
  })
  .strict()
const sessionRequestSchema = quoteRequestSchema.extend({
  provider: z.string().min(1).max(40),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.'),
  chainId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const [issue] = result.error.issues
  throw new InvalidRequestError({
    reason: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
  })
}

/**
 * The on-ramp (server/API.md "Buy with card"): `GET /onramp/options`, `GET /onramp/quotes`,
 * `POST /onramp/sessions`, `GET /onramp/sessions/{id}` for the project's pages (`?projectId=`,
 * its allowed origins, a rate limit per client address), and `POST /onramp/webhooks/{provider}`
 * for the providers, verified on the raw body before anything is read from it.
 */
export function onrampRoutes(context: ServerContext, service: OnrampService): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const project = (c: Context<AppEnv>) => c.req.query('projectId') ?? ''
  const guard = async (c: Context<AppEnv>) => {
    const origin = c.req.header('origin')
    if (!origin || !context.originPolicy.isOriginAllowed(project(c), origin))
      throw new OriginNotAllowedError({ origin: origin ?? 'none' })
    await rateLimit(
      context,
      `onramp:address:${clientAddress(c, context.options.trustProxy)}`,
      context.options.rateLimits.onrampPerAddress,
    )
    return origin
  }
  const pageCors = cors({
    origin: (origin, c) =>
      context.originPolicy.isOriginAllowed(c.req.query('projectId') ?? '', origin) ? origin : null,
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['content-type'],
    maxAge: 600,
  })
  for (const path of [
    '/onramp/options',
    '/onramp/quotes',
    '/onramp/sessions',
    '/onramp/sessions/*',
  ])
    app.use(path, pageCors)

  app.get('/onramp/options', async (c) => {
    await guard(c)
    return c.json(await service.options(c.req.header('accept-language')))
  })
  app.get('/onramp/quotes', async (c) => {
    await guard(c)
    const { projectId: _, ...query } = c.req.query()
    const request = parse(quoteRequestSchema, query)
    const quotes = await service.quotes({ ...request, token: request.token as `0x${string}` })
    return c.json({ quotes: quotes.map(quoteToJson) })
  })
  app.post('/onramp/sessions', async (c) => {
    const origin = await guard(c)
    const body = await c.req.json().catch(() => {
      throw new InvalidRequestError({ reason: 'The body is not JSON.' })
    })
    const request = parse(sessionRequestSchema, body)
    const session = await service.createSession(
      {
        ...request,
        token: request.token as `0x${string}`,
        address: request.address as `0x${string}`,
      },
      { projectId: project(c), origin },
    )
    const options = await service.options(undefined)
    return c.json({ session: sessionToJson(session, options) }, 201)
  })
  app.get('/onramp/sessions/:id', async (c) => {
    await guard(c)
    const session = await service.session(c.req.param('id'), project(c))
    const options = await service.options(undefined)
    return c.json({ session: sessionToJson(session, options) })
  })
  app.post('/onramp/webhooks/:provider', async (c) => {
    const provider = service.providers.find((each) => each.info.id === c.req.param('provider'))
    if (!provider) return c.json({ error: { name: 'NotFound', message: 'Not found' } }, 404)
    // the raw bytes, as they came: the signature covers them, not a re-serialised parse
    const body = new Uint8Array(await c.req.arrayBuffer())
    const event = provider.verifyWebhook(body, c.req.raw.headers, new URL(c.req.url))
    const { status, changed } = await service.apply(provider.info.id, event)
    return c.json({ received: true, status, changed })
  })
  return app
}
