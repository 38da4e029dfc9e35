import { Hono } from 'hono'
import type { ServerContext } from '../context'
import { safeEqualHex, sha256Hex } from '../crypto/hash'
import type { AppEnv } from '../http/appEnv'

/**
 * GET /metrics in Prometheus' text format, only with the `metricsToken` option set and only to
 * `Authorization: Bearer <metricsToken>`: 401 otherwise; without the option the route does not
 * exist (404), so a wallet server shows nothing about its traffic unless its operator asks.
 */
export function metricsRoutes(context: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const token = context.options.metricsToken
  if (!token) return app
  const expected = sha256Hex(token)
  return app.get('/metrics', (c) => {
    c.header('cache-control', 'no-store')
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    // Hashes of equal length: the comparison takes the same time whatever was sent.
    if (!safeEqualHex(sha256Hex(given), expected)) {
      c.header('www-authenticate', 'Bearer realm="latchkey metrics"')
      return c.json({ error: { name: 'Unauthorized', message: 'A metrics token is needed.' } }, 401)
    }
    c.header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
    return c.body(context.metrics.render(context.storage.poolStats?.() ?? []))
  })
}
