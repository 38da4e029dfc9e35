import type { LatchkeyServerOptions } from '../../server/options'
import { freePort } from './anvil'
import { type GithubTestServer, startGithubOAuth } from './startGithubOAuth'
import { type OidcTestProvider, startOidcProvider } from './startOidcProvider'
import { startTestServer, type TestServer } from './startTestServer'

/** The wallet server on wallet.test with two identity providers on loopback. */
export interface SocialLab {
  server: TestServer
  /** The frame page, `http://wallet.test:<port>/frame`. */
  frameUrl: string
  /** `oidc-provider` as Google (and Apple, X, Discord, Facebook: every OIDC preset). */
  oidc: OidcTestProvider
  /** The GitHub-shaped OAuth 2.0 server. */
  github: GithubTestServer
  close(): Promise<void>
}

/** The identity providers of a social lab, and the `social` option that names them. */
export interface SocialProviders {
  /** The port the wallet server must listen on (the callback URL names it). */
  port: number
  oidc: OidcTestProvider
  github: GithubTestServer
  social: NonNullable<LatchkeyServerOptions['social']>
  close(): Promise<void>
}

/**
 * Starts a real `oidc-provider` and the GitHub-shaped server for a wallet server on a port
 * chosen first (the providers only redirect to the callback URL they were given, which names
 * it): `google`, `github`, and `apple`, `x`, `discord`, `facebook` on the OIDC issuer.
 */
export async function startSocialProviders(): Promise<SocialProviders> {
  const port = await freePort()
  const redirectUri = `http://wallet.test:${port}/v1/social/callback`
  const oidc = await startOidcProvider({
    redirectUri,
    users: [
      { sub: 'g-alice', email: 'alice@gmail.test', name: 'Alice' },
      { sub: 'g-bob', email: 'bob@gmail.test', name: 'Bob' },
      { sub: 'g-sealed', email: 'sealed@gmail.test' },
      { sub: 'g-carol', email: 'carol@gmail.test', name: 'Carol' },
    ],
  })
  const github = await startGithubOAuth({
    redirectUri,
    users: [
      {
        id: 4242,
        login: 'octo-dave',
        email: null,
        emails: [{ email: 'dave@dave.test', primary: true, verified: true }],
      },
    ],
  })
  const google = { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer }
  return {
    port,
    oidc,
    github,
    social: {
      redirectUrl: redirectUri,
      providers: {
        google,
        x: google,
        discord: google,
        apple: google,
        facebook: google,
        github: {
          clientId: github.clientId,
          clientSecret: github.clientSecret,
          authorizationUrl: `${github.url}/login/oauth/authorize`,
          tokenUrl: `${github.url}/login/oauth/access_token`,
          userinfoUrl: `${github.url}/user`,
          emailsUrl: `${github.url}/user/emails`,
        },
      },
    },
    async close() {
      await oidc.close()
      await github.close()
    },
  }
}

/** Generous budgets: a lab logs in from one browser address many times. */
export const labRateLimits = {
  codesPerEmail: { limit: 100, windowMs: 600_000 },
  codesPerAddress: { limit: 100, windowMs: 600_000 },
  checksPerAddress: { limit: 100, windowMs: 600_000 },
  socialStartsPerAddress: { limit: 100, windowMs: 600_000 },
}

/**
 * Starts the identity providers ({@link startSocialProviders}), then the Latchkey server with
 * them configured. `more`: more server options (custody, allowed origins, chains…).
 */
export async function startSocialLab(more: LatchkeyServerOptions = {}): Promise<SocialLab> {
  const providers = await startSocialProviders()
  const server = await startTestServer(
    { now: () => Date.now(), rateLimits: labRateLimits, ...more, social: providers.social },
    { port: providers.port },
  )
  return {
    server,
    frameUrl: `http://wallet.test:${providers.port}/frame`,
    oidc: providers.oidc,
    github: providers.github,
    async close() {
      await server.close()
      await providers.close()
    },
  }
}
