import type { Context } from 'hono'
import { InvalidSessionError } from '../../src/errors/InvalidSessionError'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { bearerToken, findSession } from './sessions'
import { proofRequestOf, verifyRequestProof } from './verifyRequestProof'

/**
 * The device key that signed the request, and the session it is for when it carries one (a link):
 * a token is accepted only with the proof of its own key.
 */
export async function proveCaller(c: Context<AppEnv>, context: ServerContext) {
  const request = await proofRequestOf(c)
  const token = bearerToken(c.req.header('authorization'))
  if (token) {
    const auth = await findSession(context, token)
    if (!auth) throw new InvalidSessionError()
    const key = await context.storage.sessionKeys.find(auth.session.id)
    if (!key) throw new InvalidSessionError()
    return { deviceKey: await verifyRequestProof(context, request, key), auth }
  }
  return { deviceKey: await verifyRequestProof(context, request), auth: undefined }
}
