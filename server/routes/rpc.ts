import { Hono } from 'hono'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { handleRpc } from '../rpc/handleRpc'
import { rpcBody } from '../schemas/api'

/** POST rpc {chainId, method, params} for the signed-in user; answers `{ result }`. */
export function rpcRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/rpc', sessionMiddleware(context), async (c) => {
    const { chainId, method, params } = await readJson(c, rpcBody)
    const auth = c.get('auth')
    const wallet = await context.storage.wallets.findByUserId(auth.user.id)
    if (!wallet) throw new NoAccountsFoundError()
    const result = await handleRpc({ context, auth, wallet, chainId, method, params })
    return c.json({ result: result ?? null })
  })
}
