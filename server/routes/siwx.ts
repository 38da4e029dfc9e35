import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { ProjectNotFoundError } from '../../src/errors/ProjectNotFoundError'
import { rateLimit } from '../auth/rateLimit'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { readJson } from '../http/readJson'
import { createStorageNonceStore } from '../siwx/createStorageNonceStore'
import {
  getSiwxProject,
  hasSiwxProject,
  siwxExpectations,
  siwxPublicClients,
} from '../siwx/siwxProject'
import { endSiwxSession, findSiwxSession, startSiwxSession } from '../siwx/siwxSessionTokens'
import { verifySiwx } from '../siwx/verifySiwx'
import {
  setSiwxCookie,
  siwxCookieToken,
  siwxErrorHandler,
  siwxOriginGuard,
  siwxProjectId,
  siwxToken,
} from './siwxHttp'

const verifyBody = z.object({
  message: z.string().min(1).max(16_384),
  signature: z.string().min(1).max(65_536),
})

/** Per client address and endpoint: nonces are rows, verifies may ask the chain. */
const perAddress = { limit: 60, windowMs: 60_000 }
const endpoints: ReadonlySet<string> = new Set(['nonce', 'verify', 'session', 'signout'])

/**
 * Sign-in with X (SIWX) for one project: `GET nonce` → `{ nonce }`, `POST verify
 * { message, signature }` → `{ session, token? }`, `GET session` → `{ session | null }`,
 * `POST signout` → `{ success: true }`. Mounted at `/v1/siwx` (project `'*'`) and
 * `/v1/projects/:projectId/siwx`; the client adapter's `baseUrl` is the part before `/siwx`.
 * Every request is rate limited per client address before its project is looked up; a project
 * id the options do not name is a 404.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export function siwxRoutes(context: ServerContext): Hono<AppEnv> {
  const nonceStore = (projectId: string, ttl: number) =>
    createStorageNonceStore({ storage: context.storage, projectId, ttl, now: context.now })
  const limit = createMiddleware<AppEnv>(async (c, next) => {
    const last = new URL(c.req.url).pathname.split('/').pop() ?? ''
    const endpoint = endpoints.has(last) ? last : 'other'
    const address = clientAddress(c, context.options.trustProxy)
    await rateLimit(context, `siwx:${endpoint}:address:${address}`, perAddress)
    await next()
  })
  const knownProject = createMiddleware<AppEnv>(async (c, next) => {
    const projectId = c.req.param('projectId')
    if (projectId !== undefined && !hasSiwxProject(context, siwxProjectId(c)))
      throw new ProjectNotFoundError({ projectId })
    await next()
  })

  return new Hono<AppEnv>()
    .onError(siwxErrorHandler(context))
    .use('*', limit)
    .use('*', knownProject)
    .use('*', siwxOriginGuard(context))
    .get('/nonce', async (c) => {
      const projectId = siwxProjectId(c)
      const project = getSiwxProject(context, projectId)
      return c.json({ nonce: await nonceStore(projectId, project.nonceTtlMs).issue() })
    })
    .post('/verify', async (c) => {
      const projectId = siwxProjectId(c)
      const project = getSiwxProject(context, projectId)
      const { message, signature } = await readJson(c, verifyBody)
      const session = await verifySiwx({
        message,
        signature,
        expected: siwxExpectations(project, message),
        nonceStore: nonceStore(projectId, project.nonceTtlMs),
        publicClients: siwxPublicClients(context, project),
        now: context.now,
      })
      // A new sign-in replaces the caller's previous session of this project.
      const previous = await findSiwxSession(context, projectId, siwxToken(c))
      if (previous) await context.storage.siwxSessions.delete(previous.record.tokenHash)
      const { expiresAt, token } = await startSiwxSession(context, {
        projectId,
        session,
        maxTtl: project.sessionTtlMs,
      })
      if (project.credentials !== 'bearer') setSiwxCookie(context, c, token, expiresAt)
      return c.json(project.credentials === 'cookie' ? { session } : { session, token })
    })
    .get('/session', async (c) => {
      const projectId = siwxProjectId(c)
      getSiwxProject(context, projectId)
      const auth = await findSiwxSession(context, projectId, siwxToken(c))
      return c.json({ session: auth?.session ?? null })
    })
    .post('/signout', async (c) => {
      getSiwxProject(context, siwxProjectId(c))
      // Idempotent; ends the bearer's and the cookie's session, whichever came.
      const bearer = siwxToken(c)
      const cookie = siwxCookieToken(c)
      for (const token of new Set([bearer, cookie])) if (token) await endSiwxSession(context, token)
      if (cookie) setSiwxCookie(context, c, '', 0)
      return c.json({ success: true })
    })
}
