import { createMiddleware } from 'hono/factory'
import { bearerToken, requireProvenSession } from '../auth/sessions'
import { proofRequestOf } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import type { AppEnv } from './appEnv'

/**
 * Requires `Authorization: Bearer <token>` of a live session and a `Latchkey-Proof` signed by the
 * session's device key (docs/device-proof.md); sets `auth`.
 */
export function sessionMiddleware(context: ServerContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    c.set('auth', await requireProvenSession(context, token, await proofRequestOf(c)))
    await next()
  })
}
