import { createMiddleware } from 'hono/factory'
import { bearerToken, requireSession } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { AppEnv } from './appEnv'

/** Requires `Authorization: Bearer <token>` of a live session and sets `auth`. */
export function sessionMiddleware(context: ServerContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('auth', await requireSession(context, bearerToken(c.req.header('authorization'))))
    await next()
  })
}
