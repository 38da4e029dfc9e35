import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deviceNonceHeader, serverTimeHeader } from '../src/deviceProof/deviceProofConstants'
import { InvalidRequestError } from '../src/errors/InvalidRequestError'
import { issueProofNonce } from './auth/proofNonce'
import type { ServerContext } from './context'
import type { AppEnv } from './http/appEnv'
import { errorResponse } from './http/errorResponse'
import { accountRoutes } from './routes/account'
import { chainDataRoutes } from './routes/chainData'
import { emailLoginRoutes } from './routes/emailLogin'
import { frameRoutes } from './routes/frame'
import { originsRoutes } from './routes/origins'
import { rpcRoutes } from './routes/rpc'
import { sessionRoutes } from './routes/session'
import { siwxRoutes } from './routes/siwx'
import { updateEmailRoutes } from './routes/updateEmail'

/** The Hono app: the /v1 API. More routes (the frame page at /frame) mount beside it. */
export function createApp(context: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('/v1/*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
    c.header('x-content-type-options', 'nosniff')
    // Device proofs (docs/device-proof.md): a fresh nonce and the clock to sign the next one with.
    c.header(deviceNonceHeader, issueProofNonce(context))
    c.header(serverTimeHeader, String(context.now()))
  })
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: 256 * 1024,
      onError: () => {
        throw new InvalidRequestError({ reason: 'The body is larger than 256 KiB.' })
      },
    }),
  )
  app.get('/health', (c) => c.json({ ok: true }))
  // A nonce for a first proof; every /v1 answer carries one in its headers too.
  app.get('/v1/nonce', (c) => c.json({ nonce: issueProofNonce(context), time: context.now() }))
  app.route('/v1', emailLoginRoutes(context))
  app.route('/v1', sessionRoutes(context))
  app.route('/v1', accountRoutes(context))
  app.route('/v1/update-email', updateEmailRoutes(context))
  app.route('/v1', rpcRoutes(context))
  app.route('/v1', originsRoutes(context))
  app.route('/v1', chainDataRoutes(context))
  app.route('/frame', frameRoutes(context))
  app.route('/v1/siwx', siwxRoutes(context))
  app.route('/v1/projects/:projectId/siwx', siwxRoutes(context))
  app.notFound((c) => c.json({ error: { name: 'NotFound', message: 'Not found' } }, 404))
  app.onError((error, c) => {
    const { body, headers, status } = errorResponse(error, context.logger)
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
    c.header('cache-control', 'no-store')
    return c.json(body, status as 400)
  })
  return app
}
