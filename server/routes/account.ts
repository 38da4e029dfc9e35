import { Hono } from 'hono'
import { SmartAccountNotSupportedError } from '../../src/errors/SmartAccountNotSupportedError'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { preferredAccountBody } from '../schemas/api'

/**
 * Account type (DESIGN.md: the embedded wallet is an EOA): no smart-account networks, and
 * choosing a smart account is refused so the client falls back to EOA (SPEC §4). And
 * `POST sign-out-everywhere`: ends every session of the user, the caller's included.
 */
export function accountRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/smart-account-networks', (c) => c.json([] as number[]))
    .post('/preferred-account', sessionMiddleware(context), async (c) => {
      const { type } = await readJson(c, preferredAccountBody)
      if (type === 'smartAccount') throw new SmartAccountNotSupportedError()
      return c.json({ type })
    })
    .post('/sign-out-everywhere', sessionMiddleware(context), async (c) => {
      const { user } = c.get('auth')
      const revoked = await context.storage.sessions.deleteByUser(user.id)
      return c.json({ success: true as const, revoked })
    })
}
