import { Hono } from 'hono'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import { toApprovalParams } from '../../src/approval/toApprovalParams'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { handleRpc } from '../rpc/handleRpc'
import { prepareRequest } from '../rpc/prepareRequest'
import { prepareBody, rpcBody } from '../schemas/api'

/** Methods answered with a signature of the user's key (counted in the metrics). */
const signingMethods = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
])

/**
 * POST rpc {chainId, method, params} (reads) or {chainId, method, request, hash} (approved
 * requests) for the signed-in user, answering `{ result }`; POST rpc/prepare {chainId, request}
 * answers `{ request }`, the canonical transaction or batch with its gas and fees filled.
 */
export function rpcRoutes(context: ServerContext): Hono<AppEnv> {
  const walletOf = async (userId: string) => {
    const wallet = await context.storage.wallets.findByUserId(userId)
    if (!wallet) throw new NoAccountsFoundError()
    return wallet
  }
  return new Hono<AppEnv>()
    .post('/rpc/prepare', sessionMiddleware(context), async (c) => {
      const { chainId, request } = await readJson(c, prepareBody)
      const wallet = await walletOf(c.get('auth').user.id)
      const params = toApprovalParams(request)
      if (params.method !== 'eth_sendTransaction' && params.method !== 'wallet_sendCalls')
        throw new InvalidRequestError({ reason: 'Only transactions and calls are prepared.' })
      const canonical = normalizeApprovalRequest({ ...params, chainId, account: wallet.address })
      return c.json({ request: await prepareRequest(context, canonical) })
    })
    .post('/rpc', sessionMiddleware(context), async (c) => {
      const { chainId, method, params, request, hash, factorProof } = await readJson(c, rpcBody)
      const auth = c.get('auth')
      const wallet = await walletOf(auth.user.id)
      const result = await handleRpc({
        context,
        auth,
        wallet,
        chainId,
        method,
        params,
        request,
        hash,
        factorProof,
        signal: c.req.raw.signal,
      })
      if (signingMethods.has(method)) context.metrics.signed('evm', method)
      return c.json({ result: result ?? null })
    })
}
