import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { rateLimit } from '../auth/rateLimit'
import type { ServerContext } from '../context'
import {
  analyticsEventSchema,
  analyticsQuerySchema,
  maxAnalyticsBodyBytes,
} from '../directory/analyticsEventSchema'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { parseInput } from '../http/readJson'

function isAllowedOrigin(
  context: ServerContext,
  c: Context<AppEnv>,
  projectId: string,
  origin: string,
): boolean {
  if (context.originPolicy.isOriginAllowed(projectId, origin)) return true
  // The server's own pages may send events too.
  return origin === new URL(c.req.url).origin || origin === new URL(context.publicUrl()).origin
}

// JSON, or text/plain with JSON in it (what navigator.sendBeacon sends for a string).
async function readEventBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? ''
  if (!/^(application\/json|text\/plain)\b/i.test(type))
    throw new InvalidRequestError({
      reason: 'Expected a JSON body (content-type: application/json).',
    })
  try {
    return JSON.parse(await c.req.text())
  } catch {
    throw new InvalidRequestError({ reason: 'The body is not valid JSON.' })
  }
}

/**
 * Analytics (SPEC §7): `GET /getAnalyticsConfig` → `{ isAnalyticsEnabled }`, and `POST /e?projectId=…`
 * with `{ eventId, url, domain, timestamp, props }`, stored in the database (204). An origin not
 * allowed for the project gets 403 `OriginNotAllowedError`, readable by the page (CORS is open on
 * these paths) so the modal can show its allowlist alert.
 */
export function analyticsRoutes(context: ServerContext, enabled: boolean): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/getAnalyticsConfig', (c) => {
      c.header('cache-control', 'no-store')
      return c.json({ isAnalyticsEnabled: enabled })
    })
    .post(
      '/e',
      bodyLimit({
        maxSize: maxAnalyticsBodyBytes,
        onError: () => {
          throw new InvalidRequestError({ reason: 'The body is larger than 16 KiB.' })
        },
      }),
      async (c) => {
        c.header('cache-control', 'no-store')
        const query = parseInput(analyticsQuerySchema, c.req.query())
        const origin = c.req.header('origin')
        if (origin !== undefined && !isAllowedOrigin(context, c, query.projectId, origin))
          throw new OriginNotAllowedError({ origin })
        await rateLimit(
          context,
          `analytics:address:${clientAddress(c, context.options.trustProxy)}`,
          context.options.rateLimits.analyticsPerAddress,
        )
        const event = parseInput(analyticsEventSchema, await readEventBody(c))
        // Without an Origin (not a browser), the page the event names must be allowed instead.
        const pageOrigin = new URL(event.url).origin
        if (origin === undefined && !isAllowedOrigin(context, c, query.projectId, pageOrigin))
          throw new OriginNotAllowedError({ origin: pageOrigin })
        if (!enabled) return c.body(null, 204)
        await context.storage.analyticsEvents.insert({
          projectId: query.projectId,
          eventId: event.eventId,
          url: event.url,
          domain: event.domain,
          origin: origin ?? null,
          timestamp: event.timestamp,
          props: JSON.stringify(event.props),
          sdkType: query.st ?? null,
          sdkVersion: query.sv ?? null,
          receivedAt: context.now(),
        })
        return c.body(null, 204)
      },
    )
}
