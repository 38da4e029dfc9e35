import { Hono } from 'hono'
import { z } from 'zod'
import { InvalidSessionError } from '../../src/errors/InvalidSessionError'
import { SocialProviderNotConfiguredError } from '../../src/errors/SocialProviderNotConfiguredError'
import { proveCaller } from '../auth/proveCaller'
import { rateLimit } from '../auth/rateLimit'
import { requireSecondFactor } from '../auth/secondFactorHooks'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { readJson } from '../http/readJson'
import { deviceIdSchema, factorProofSchema } from '../schemas/api'
import { connectFarcaster } from './connectFarcaster'
import { createFarcasterEngine } from './createFarcasterEngine'
import type { FarcasterOptions } from './farcasterOptions'
import { startFarcasterLogin } from './startFarcasterLogin'

const projectId = z.string().min(1).max(200).default('*')

/** POST /v1/farcaster/start */
const startBody = z
  .object({
    deviceId: deviceIdSchema,
    /** The host page's origin, exactly (`https://dapp.example`). */
    origin: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .refine((value) => new URL(value).origin === value, 'Expected an origin.'),
    projectId,
    /** Link the fid to the signed-in user (the request carries its session: issue 14). */
    link: z.boolean().optional(),
    /** A link adds a way in: the second factor's proof when the project's policy wants one. */
    factorProof: factorProofSchema.optional(),
  })
  .strict()

/** POST /v1/farcaster/connect */
const connectBody = z
  .object({
    flow: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a login handle.'),
    deviceId: deviceIdSchema,
    projectId,
  })
  .strict()

/**
 * POST farcaster/start and POST farcaster/connect (SPEC §4 "Farcaster login"). Both need a device
 * proof: the login belongs to the key that started it. Without the `farcaster` option both answer
 * `SocialProviderNotConfiguredError` and nothing is contacted. A session's request with `link: true`
 * links the fid to its user instead of signing in (issue 14).
 */
export function farcasterRoutes(
  context: ServerContext,
  options: FarcasterOptions | undefined,
): Hono<AppEnv> {
  const engine = options && createFarcasterEngine(options)
  const enabled = () => {
    if (!engine) throw new SocialProviderNotConfiguredError({ provider: 'farcaster' })
    return engine
  }
  return new Hono<AppEnv>()
    .post('/farcaster/start', async (c) => {
      const on = enabled()
      // Each start opens a relay channel: counted per client address, as social starts are.
      const address = clientAddress(c, context.options.trustProxy)
      await rateLimit(
        context,
        `farcaster:address:${address}`,
        context.options.rateLimits.socialStartsPerAddress,
      )
      // A link is started by a session (its token and its key's proof), for that session's user.
      const { deviceKey, auth } = await proveCaller(c, context)
      const { link, factorProof, ...body } = await readJson(c, startBody)
      if (link && !auth) throw new InvalidSessionError()
      if (link && auth) await requireSecondFactor(context, auth, 'link-login', factorProof)
      const linkUserId = link && auth ? { linkUserId: auth.user.id } : {}
      return c.json(await startFarcasterLogin(context, on, { ...body, ...linkUserId }, deviceKey))
    })
    .post('/farcaster/connect', async (c) => {
      const on = enabled()
      const { deviceKey, auth } = await proveCaller(c, context)
      const body = await readJson(c, connectBody)
      return c.json(await connectFarcaster(context, on, body, deviceKey, auth?.user.id))
    })
}
