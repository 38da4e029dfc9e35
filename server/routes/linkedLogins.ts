import { Hono } from 'hono'
import { z } from 'zod'
import { requireSecondFactor } from '../auth/secondFactorHooks'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { factorProofSchema } from '../schemas/api'
import { listLogins, unlinkLogin } from '../social/linkedLogins'

/** POST /v1/logins/unlink */
const unlinkBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), factorProof: factorProofSchema.optional() }).strict(),
  z
    .object({
      kind: z.literal('social'),
      provider: z
        .string()
        .regex(/^[a-z][a-z0-9-]{0,31}$/, 'Expected a provider id such as google.'),
      factorProof: factorProofSchema.optional(),
    })
    .strict(),
])

/**
 * GET logins and POST logins/unlink (issue 14, one wallet with several ways in): the signed-in
 * user's email and linked provider accounts, and the removal of one (never the last). Linking
 * is a social login started with `link: true` (server/API.md), or an email added with the email
 * change routes.
 */
export function linkedLoginsRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use(sessionMiddleware(context))
    .get('/', async (c) => c.json(await listLogins(context, c.get('auth').user)))
    .post('/unlink', async (c) => {
      const { factorProof, ...body } = await readJson(c, unlinkBody)
      const auth = c.get('auth')
      // Removing a way in: the policy may want a second factor first.
      await requireSecondFactor(context, auth, 'unlink-login', factorProof)
      return c.json(await unlinkLogin(context, auth, body))
    })
}
