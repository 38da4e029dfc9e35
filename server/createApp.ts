import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { deviceNonceHeader, serverTimeHeader } from '../src/deviceProof/deviceProofConstants'
import { InvalidRequestError } from '../src/errors/InvalidRequestError'
import { issueProofNonce } from './auth/proofNonce'
import type { ServerContext } from './context'
import { loadDirectory } from './directory/loadDirectory'
import { farcasterRoutes } from './farcaster/farcasterRoutes'
import type { AppEnv } from './http/appEnv'
import { errorResponse } from './http/errorResponse'
import { observeRequests } from './http/observeRequests'
import { mountOnramp } from './onramp/mountOnramp'
import { accountRoutes } from './routes/account'
import { analyticsRoutes } from './routes/analytics'
import { chainDataRoutes } from './routes/chainData'
import { directoryRoutes } from './routes/directory'
import { emailLoginRoutes } from './routes/emailLogin'
import { factorRoutes } from './routes/factors'
import { frameRoutes } from './routes/frame'
import { healthRoutes } from './routes/health'
import { linkedLoginsRoutes } from './routes/linkedLogins'
import { metricsRoutes } from './routes/metrics'
import { originsRoutes } from './routes/origins'
import { passkeyRoutes } from './routes/passkeys'
import { rpcRoutes } from './routes/rpc'
import { sealedWalletRoutes } from './routes/sealedWallet'
import { sessionRoutes } from './routes/session'
import { siwxRoutes } from './routes/siwx'
import { socialLoginRoutes } from './routes/socialLogin'
import { solanaRpcRoutes } from './routes/solanaRpc'
import { swapRoutes } from './routes/swap'
import { updateEmailRoutes } from './routes/updateEmail'

// The directory API's paths (SPEC §7), at the root as a directory client asks for them.
const directoryPaths = [
  '/getWallets',
  '/getWalletImage/*',
  '/public/*',
  '/appkit/*',
  '/projects/*',
  '/getAnalyticsConfig',
  '/e',
]

/** The directory API and analytics, when the `directory` option is set; read at start. */
function mountDirectory(app: Hono<AppEnv>, context: ServerContext): void {
  const options = context.options.directory
  if (!options) return
  const directory = loadDirectory(options, context.logger)
  // Public data without credentials: any page may read it, and the 403 of POST /e must be
  // readable by the page it refuses (the modal shows its allowlist alert from it).
  const openCors = cors({
    origin: '*',
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['content-type'],
    maxAge: 600,
  })
  for (const path of directoryPaths)
    app.use(path, openCors, async (c, next) => {
      await next()
      c.header('x-content-type-options', 'nosniff')
    })
  app.route('/', directoryRoutes(context, directory))
  app.route('/', analyticsRoutes(context, options.analytics))
}

/**
 * The Hono app: the /v1 API, and the directory API at the root when the `directory` option is
 * set. More routes (the frame page at /frame) mount beside it.
 * @throws {OptionsValidationError} when the directory's registry file cannot be read.
 */
export function createApp(context: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', observeRequests(context))
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
  // The chain data API is public (what the chain shows anyone, no credentials): dapps read it
  // from their own origin with the account hooks (useTokenBalances, useNfts, useActivity). The
  // social providers' ids are public too.
  const chainDataCors = cors({ origin: '*', allowMethods: ['GET'], maxAge: 600 })
  for (const path of [
    '/v1/account/:address/balance',
    '/v1/account/:address/history',
    '/v1/account/:address/nfts',
    '/v1/identity/:address',
    '/v1/names/:name',
    // Which social buttons to show: the modal reads it from the host page, without the frame.
    '/v1/social/providers',
  ])
    app.use(path, chainDataCors)
  app.route('/', healthRoutes(context))
  app.route('/', metricsRoutes(context))
  // A nonce for a first proof; every /v1 answer carries one in its headers too.
  app.get('/v1/nonce', (c) => c.json({ nonce: issueProofNonce(context), time: context.now() }))
  app.route('/v1', emailLoginRoutes(context))
  app.route('/v1', socialLoginRoutes(context))
  app.route('/v1', farcasterRoutes(context, context.options.farcaster))
  app.route('/v1', passkeyRoutes(context))
  app.route('/v1', factorRoutes(context))
  app.route('/v1', sessionRoutes(context))
  app.route('/v1', accountRoutes(context))
  app.route('/v1/update-email', updateEmailRoutes(context))
  app.route('/v1/logins', linkedLoginsRoutes(context))
  app.route('/v1', rpcRoutes(context))
  app.route('/v1', sealedWalletRoutes(context))
  app.route('/v1', solanaRpcRoutes(context))
  app.route('/v1', originsRoutes(context))
  app.route('/v1', chainDataRoutes(context))
  if (context.options.swap) app.route('/v1', swapRoutes(context, context.options.swap))
  mountOnramp(app, context)
  app.route('/frame', frameRoutes(context))
  app.route('/v1/siwx', siwxRoutes(context))
  app.route('/v1/projects/:projectId/siwx', siwxRoutes(context))
  mountDirectory(app, context)
  app.notFound((c) => c.json({ error: { name: 'NotFound', message: 'Not found' } }, 404))
  app.onError((error, c) => {
    const { body, headers, status } = errorResponse(error, context.logger)
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
    c.header('cache-control', 'no-store')
    return c.json(body, status as 400)
  })
  return app
}
