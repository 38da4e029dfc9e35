import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { BaseError } from '../../src/errors/base'
import type { ServerContext } from '../context'
import type { AppEnv } from './appEnv'

/** The response header that carries a request's id (the same id as its log line). */
export const requestIdHeader = 'x-request-id'

/**
 * The route pattern that answered (`/v1/account/:address/balance`), never the path: paths and
 * queries carry addresses, names and OAuth codes. `unmatched` when only middleware ran.
 */
function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const route = matchedRoutes(c)[c.req.routeIndex]
  if (!route || (c.res.status === 404 && route.method === 'ALL')) return 'unmatched'
  return route.path
}

/**
 * The first middleware: gives each request an id (a new UUID, in the `x-request-id` header of
 * the answer), counts it in the metrics and writes its one log line `{ msg: 'request', id,
 * method, route, status, ms, error }` with the error's typed name. Nothing of the body, the
 * query, the headers or the client's address is logged.
 */
export function observeRequests(context: ServerContext): MiddlewareHandler<AppEnv> {
  const { metrics } = context
  return async (c, next) => {
    const started = performance.now()
    const id = randomUUID()
    metrics.inFlight.value++
    try {
      await next()
    } finally {
      metrics.inFlight.value--
    }
    c.header(requestIdHeader, id)
    const seconds = (performance.now() - started) / 1000
    const route = routeOf(c)
    const { status } = c.res
    const error = c.error
      ? c.error instanceof BaseError
        ? c.error.name
        : 'InternalError'
      : undefined
    metrics.request(c.req.method, route, status, seconds)
    if (status === 429) metrics.rateLimited(route)
    context.logger.event?.(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', {
      msg: 'request',
      id,
      method: c.req.method,
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      error,
    })
  }
}
