import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A user of the GitHub-shaped server: `/user` and `/user/emails` answers. */
export interface GithubTestUser {
  id: number
  login: string
  /** The public email of `/user` (GitHub: null unless the user made one public). */
  email?: string | null | undefined
  emails?: readonly { email: string; primary: boolean; verified: boolean }[] | undefined
}

/** A small OAuth 2.0 server shaped like GitHub's (authorize, token, user, emails) on loopback. */
export interface GithubTestServer {
  url: string
  clientId: string
  clientSecret: string
  /**
   * Who the next authorization signs in, a decline (`error=access_denied`), or `wait`: the
   * authorization page stays on screen (the visitor has not decided yet).
   */
  answer(next: GithubAnswer): void
  close(): Promise<void>
}

/** How the server answers the next authorization. */
export type GithubAnswer = { user: number } | { deny: true } | { wait: true }

interface Grant {
  user: number
  challenge: string | undefined
  redirectUri: string
  used: boolean
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}

function send(res: ServerResponse, status: number, body: unknown, json = true) {
  res.writeHead(status, {
    'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
  })
  res.end(
    json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  )
}

/**
 * Starts the GitHub-shaped server. As GitHub: a code is single use and bound to its redirect URI
 * and PKCE challenge (S256); a refused exchange answers 200 with `error`; the token answer is
 * form-encoded unless `Accept: application/json`.
 */
export async function startGithubOAuth(params: {
  redirectUri: string
  users: readonly GithubTestUser[]
}): Promise<GithubTestServer> {
  const clientId = 'Iv1.latchkeytest'
  const clientSecret = randomBytes(20).toString('hex')
  const grants = new Map<string, Grant>()
  const tokens = new Map<string, number>()
  let next: GithubAnswer = { user: params.users[0]?.id ?? 0 }
  const userOf = (req: IncomingMessage) => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    const id = token ? tokens.get(token) : undefined
    return params.users.find((user) => user.id === id)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams
      const redirect = q.get('redirect_uri')
      if (q.get('client_id') !== clientId || redirect !== params.redirectUri)
        return send(res, 400, { error: 'redirect_uri_mismatch' })
      if ('wait' in next) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return res.end('<!doctype html><title>Authorize</title><p>Authorize Latchkey?</p>')
      }
      const target = new URL(redirect)
      target.searchParams.set('state', q.get('state') ?? '')
      if ('deny' in next) target.searchParams.set('error', 'access_denied')
      else {
        const code = randomBytes(10).toString('hex')
        const method = q.get('code_challenge_method')
        if (q.get('code_challenge') && method !== 'S256')
          return send(res, 400, { error: 'invalid_request' })
        grants.set(code, {
          user: (next as { user: number }).user,
          challenge: q.get('code_challenge') ?? undefined,
          redirectUri: redirect,
          used: false,
        })
        target.searchParams.set('code', code)
      }
      res.writeHead(302, { location: target.toString() })
      return res.end()
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(await readBody(req))
      const json = /application\/json/.test(req.headers.accept ?? '')
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return send(res, 200, { error: 'incorrect_client_credentials' }, json)
      const grant = grants.get(form.get('code') ?? '')
      const verifier = form.get('code_verifier')
      const pkceOk =
        !grant?.challenge ||
        (verifier !== null &&
          createHash('sha256').update(verifier).digest('base64url') === grant.challenge)
      if (!grant || grant.used || grant.redirectUri !== form.get('redirect_uri') || !pkceOk) {
        if (grant) grant.used = true
        return send(res, 200, { error: 'bad_verification_code' }, json)
      }
      grant.used = true
      const token = `gho_${randomBytes(18).toString('hex')}`
      tokens.set(token, grant.user)
      return send(
        res,
        200,
        { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' },
        json,
      )
    }
    const user = userOf(req)
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      if (!user) return send(res, 401, { message: 'Bad credentials' })
      if (url.pathname === '/user')
        return send(res, 200, { id: user.id, login: user.login, email: user.email ?? null })
      return send(res, 200, user.emails ?? [])
    }
    send(res, 404, { message: 'Not Found' })
  }

  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    answer(answer) {
      next = answer
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
