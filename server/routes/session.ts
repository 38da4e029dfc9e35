import { Hono } from 'hono'
import { z } from 'zod'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import { bearerToken, findSession } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { parseInput } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { chainIdSchema, type EmbeddedWalletUser } from '../schemas/api'

const userQuery = z.object({ chainId: chainIdSchema.optional() })

/** GET user, GET is-connected and POST sign-out. */
export function sessionRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/user', sessionMiddleware(context), async (c) => {
      const { user } = c.get('auth')
      const query = parseInput(userQuery, c.req.query())
      const wallet = await context.storage.wallets.findByUserId(user.id)
      if (!wallet) throw new NoAccountsFoundError()
      const body: EmbeddedWalletUser = {
        email: user.email,
        address: wallet.address,
        chainId: query.chainId ?? context.chains.ids()[0] ?? 1,
        accounts: [{ address: wallet.address, type: 'eoa' }],
        preferredAccountType: 'eoa',
        smartAccountDeployed: false,
      }
      return c.json(body)
    })
    .get('/is-connected', async (c) => {
      const token = bearerToken(c.req.header('authorization'))
      const auth = token ? await findSession(context, token) : undefined
      return c.json({ isConnected: auth !== undefined })
    })
    .post('/sign-out', async (c) => {
      // Idempotent: signing out an unknown or expired token succeeds too.
      const token = bearerToken(c.req.header('authorization'))
      const auth = token ? await findSession(context, token) : undefined
      if (auth) await context.storage.sessions.delete(auth.session.id)
      return c.json({ success: true })
    })
}
