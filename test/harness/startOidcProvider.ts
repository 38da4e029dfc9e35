import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/** A test user of the local OpenID Connect provider. */
export interface OidcTestUser {
  sub: string
  email?: string | undefined
  emailVerified?: boolean | undefined
  name?: string | undefined
}

/** How the provider answers the next authorization: sign in a user, or the visitor declines. */
export type OidcAnswer = { user: string } | { deny: true }

/** A real OpenID Connect provider (`oidc-provider`) on a loopback port, "Google"-like. */
export interface OidcTestProvider {
  /** The issuer, `http://127.0.0.1:<port>`. */
  issuer: string
  clientId: string
  clientSecret: string
  /** Who the next authorization signs in (login and consent are automatic), or a decline. */
  answer(next: OidcAnswer): void
  /**
   * Strict `Cross-Origin-Opener-Policy: same-origin` on every page of the provider (as Google's
   * sign-in pages send): a popup that reaches it loses its opener, and the opener reads it
   * closed. The sign-in then shows an account chooser: a link (`#account`) the visitor clicks.
   */
  strictCoop(on: boolean): void
  close(): Promise<void>
}

/**
 * Starts `oidc-provider` with one confidential client (PKCE S256 required, `redirectUri` only)
 * and `users`. Its interaction page is ours: it finishes login and consent at once for the user
 * set with `answer()`, or answers `access_denied`. ID tokens carry only `sub` (claims asked by
 * scope come from userinfo, as with `conformIdTokenClaims`), so the userinfo path is exercised.
 */
export async function startOidcProvider(params: {
  redirectUri: string
  users: readonly OidcTestUser[]
}): Promise<OidcTestProvider> {
  const clientId = 'latchkey-test'
  const clientSecret = randomBytes(24).toString('base64url')
  let next: OidcAnswer = { user: params.users[0]?.sub ?? '' }
  let provider: Provider | undefined
  let coop = false
  const server: Server = createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end()
    if (coop) res.setHeader('cross-origin-opener-policy', 'same-origin')
    const url = req.url ?? ''
    if (coop && /^\/interaction\/[^/]+$/.test(url)) return void chooser(url, res)
    if (url.startsWith('/interaction/')) return void interact(provider, req, res)
    provider.callback()(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const issuer = `http://127.0.0.1:${port}`
  const users = new Map(params.users.map((user) => [user.sub, user]))
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [params.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, sub) => {
      const user = users.get(sub)
      if (!user) return undefined
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(user.email === undefined
            ? {}
            : { email: user.email, email_verified: user.emailVerified ?? true }),
          ...(user.name === undefined ? {} : { name: user.name }),
        }),
      }
    },
  })
  // Loopback http issuer: no proxy, no TLS.
  provider.proxy = false

  // An account chooser (a page the browser renders under the strict COOP, as a real provider's
  // is): the visitor clicks the account the next answer names.
  function chooser(url: string, res: ServerResponse) {
    const who = 'user' in next ? next.user : 'nobody'
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><title>Choose an account</title><h1>Choose an account</h1><a id="account" href="${url}/continue">${who}</a>`,
    )
  }

  async function interact(p: Provider, req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await p.interactionDetails(req, res)
      if ('deny' in next) {
        await p.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The visitor declined.' },
          { mergeWithLastSubmission: false },
        )
        return
      }
      const accountId = next.user
      const grant = new p.Grant({ accountId, clientId: String(details.params.client_id) })
      grant.addOIDCScope(String(details.params.scope ?? 'openid'))
      const grantId = await grant.save()
      await p.interactionFinished(req, res, { login: { accountId }, consent: { grantId } })
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  }

  return {
    issuer,
    clientId,
    clientSecret,
    answer(answer) {
      next = answer
    },
    strictCoop(on) {
      coop = on
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
