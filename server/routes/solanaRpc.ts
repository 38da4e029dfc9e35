import { Hono } from 'hono'
import type { ServerContext } from '../context'
import { ensureSolanaWallet } from '../custody/solanaWallets'
import type { AppEnv } from '../http/appEnv'
import { readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { solanaRpcBody } from '../schemas/api'
import { handleSolanaRpc } from '../solana/handleSolanaRpc'

/**
 * POST solana/rpc {method, request, hash}: an approved Solana request (the canonical request the
 * frame showed, and its hash) signed with the user's ed25519 key, answering `{ result }`.
 */
export function solanaRpcRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/solana/rpc', sessionMiddleware(context), async (c) => {
    const { method, request, hash } = await readJson(c, solanaRpcBody)
    const wallet = await ensureSolanaWallet(context, c.get('auth').user.id)
    const result = await handleSolanaRpc({ context, wallet, method, request, hash })
    context.metrics.signed('solana', method)
    return c.json({ result })
  })
}
