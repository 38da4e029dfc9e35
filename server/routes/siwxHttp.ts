import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { cors } from 'hono/cors'
import { createMiddleware } from 'hono/factory'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { SiwxNotConfiguredError } from '../../src/errors/SiwxNotConfiguredError'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { bearerToken } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { errorResponse } from '../http/errorResponse'

/** Name of the HttpOnly session cookie, scoped by path to one project's `/siwx` endpoints. */
export const siwxCookieName = 'latchkey_siwx'

/** The project of a request: `/v1/projects/:projectId/siwx/…`, or `'*'` for `/v1/siwx/…`. */
export function siwxProjectId(c: Context<AppEnv>): string {
  const projectId = c.req.param('projectId') ?? '*'
  if (projectId.length > 200) throw new InvalidRequestError({ reason: 'projectId is too long.' })
  return projectId
}

function isAllowedOrigin(context: ServerContext, c: Context<AppEnv>, origin: string): boolean {
  if (context.originPolicy.isOriginAllowed(siwxProjectId(c), origin)) return true
  // The server's own pages may call it too.
  return origin === new URL(c.req.url).origin || origin === new URL(context.publicUrl()).origin
}

/**
 * Refuses a request whose `Origin` is not one of the project's allowed origins (403), then
 * grants CORS with credentials to allowed ones only. Requests without `Origin` (servers, CLIs)
 * pass: a browser always sends it on cross-origin and on POST requests.
 */
export function siwxOriginGuard(context: ServerContext) {
  const corsMiddleware = cors({
    origin: (origin, c) => (isAllowedOrigin(context, c as Context<AppEnv>, origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['content-type', 'authorization'],
    maxAge: 600,
  })
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && !isAllowedOrigin(context, c, origin))
      throw new OriginNotAllowedError({ origin })
    return corsMiddleware(c, next)
  })
}

/** The session cookie's token, if any. */
export function siwxCookieToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, siwxCookieName) || undefined
}

/** The session token of a request: the bearer token if any, else the cookie. */
export function siwxToken(c: Context<AppEnv>): string | undefined {
  return bearerToken(c.req.header('authorization')) ?? siwxCookieToken(c)
}

// The cookie is sent only to this project's /siwx endpoints.
function cookiePath(c: Context<AppEnv>): string {
  const path = new URL(c.req.url).pathname
  return path.slice(0, path.lastIndexOf('/')) || '/'
}

function isHttps(context: ServerContext, c: Context<AppEnv>): boolean {
  return (
    new URL(c.req.url).protocol === 'https:' || new URL(context.publicUrl()).protocol === 'https:'
  )
}

/**
 * Sets (or, with `expiresAt` 0, clears) the session cookie: HttpOnly; over https also Secure,
 * SameSite=None (the dapp is another site) and Partitioned (kept per dapp site where third-party
 * cookies are blocked). Over plain http browsers refuse SameSite=None, so it is Lax (loopback dev).
 */
export function setSiwxCookie(
  context: ServerContext,
  c: Context<AppEnv>,
  token: string,
  expiresAt: number,
): void {
  const maxAge = Math.max(0, Math.floor((expiresAt - context.now()) / 1000))
  const path = cookiePath(c)
  if (isHttps(context, c))
    setCookie(c, siwxCookieName, token, {
      httpOnly: true,
      secure: true,
      sameSite: 'None',
      partitioned: true,
      path,
      maxAge,
    })
  else setCookie(c, siwxCookieName, token, { httpOnly: true, sameSite: 'Lax', path, maxAge })
}

const statusByReason: Partial<Record<SiwxVerificationError['reason'], number>> = {
  RPC_ERROR: 502,
  TIMEOUT: 504,
}

/** How an operator turns sign-in on, sent with the 501 of an unconfigured project. */
export const siwxEnableHint =
  'Enable it with `latchkey serve --siwx-domain <host>` (LATCHKEY_SIWX_DOMAIN) or the server option `siwx: { "*": { domains: ["<host>"] } }`.'

/**
 * Error answers of the sign-in endpoints: a rejected message is 401 (502/504 when the chain
 * could not be asked) with the verifier's reason as `code`; sign-in not configured is 501 with
 * how to enable it; anything else as in the rest of the API.
 */
export function siwxErrorHandler(context: ServerContext) {
  return (error: Error, c: Context<AppEnv>) => {
    if (error instanceof SiwxNotConfiguredError) {
      const message = `${error.shortMessage} ${siwxEnableHint}`
      return c.json({ error: { name: error.name, message } }, 501)
    }
    if (error instanceof SiwxVerificationError) {
      const body = { error: { name: error.name, message: error.shortMessage, code: error.reason } }
      return c.json(body, (statusByReason[error.reason] ?? 401) as 401)
    }
    const { body, headers, status } = errorResponse(error, context.logger)
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
    return c.json(body, status as 400)
  }
}
