import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSocialVisitor } from '../../test/harness/socialVisitor'
import { type GithubTestServer, startGithubOAuth } from '../../test/harness/startGithubOAuth'
import { type OidcTestProvider, startOidcProvider } from '../../test/harness/startOidcProvider'
import {
  startTestServer,
  type TestDeviceKey,
  type TestServer,
  testDeviceId,
} from '../../test/harness/startTestServer'

// The providers redirect the visitor to the wallet's public callback URL (as behind a proxy);
// the visitor helper stops there and the test delivers that request to the server under test.
const callbackUrl = 'http://wallet.test/v1/social/callback'
const origin = 'http://dapp.test:5173'

let t: TestServer
let oidc: OidcTestProvider
let github: GithubTestServer

beforeAll(async () => {
  oidc = await startOidcProvider({
    redirectUri: callbackUrl,
    users: [
      { sub: 'g-alice', email: 'alice@gmail.test', name: 'Alice' },
      { sub: 'g-carol', email: 'carol@example.test' },
      { sub: 'g-nomail' },
      { sub: 'g-sealed', email: 'sealed@gmail.test' },
    ],
  })
  github = await startGithubOAuth({
    redirectUri: callbackUrl,
    users: [
      {
        id: 4242,
        login: 'octo-dave',
        email: null,
        emails: [
          { email: 'old@dave.test', primary: false, verified: true },
          { email: 'dave@dave.test', primary: true, verified: true },
        ],
      },
    ],
  })
  const google = { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer }
  t = await startTestServer({
    // ID tokens are dated by the provider's clock: the server reads the same one.
    now: Date.now,
    // one sealed project beside the default (server custody): issue 16
    custody: { 'sealed-project': 'sealed' },
    social: {
      redirectUrl: callbackUrl,
      providers: {
        google,
        // Apple's preset (form_post) pointed at the local issuer.
        apple: google,
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
  })
})
afterAll(async () => {
  await t?.close()
  await oidc?.close()
  await github?.close()
})

type Answer = { status: number; body: Record<string, unknown> }
type Page = {
  status: number
  location: string | null
  data: Record<string, unknown> | undefined
  html: string
}

async function start(key: TestDeviceKey, body: Record<string, unknown>): Promise<string> {
  const answer = await t.post<{ uri: string }>(
    '/v1/social/start',
    { deviceId: testDeviceId, origin, ...body },
    key,
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.uri
}

/** The provider's answer delivered to the server's callback, as the visitor's browser would. */
async function deliver(callback: {
  url: string
  form?: URLSearchParams | undefined
}): Promise<Page> {
  const url = new URL(callback.url)
  const response = await fetch(`${t.url}${url.pathname}${url.search}`, {
    method: callback.form ? 'POST' : 'GET',
    redirect: 'manual',
    ...(callback.form
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: callback.form.toString(),
        }
      : {}),
  })
  const html = await response.text()
  const json = /<script type="application\/json" id="latchkey-social">([^<]*)<\/script>/.exec(
    html,
  )?.[1]
  return {
    status: response.status,
    location: response.headers.get('location'),
    data: json ? JSON.parse(json) : undefined,
    html,
  }
}

async function loginTo(uri: string): Promise<Page> {
  return deliver(await createSocialVisitor(callbackUrl).authorize(uri))
}

function connect(key: TestDeviceKey, result: unknown, extra: Record<string, unknown> = {}) {
  return t.post(
    '/v1/social/connect',
    { result, deviceId: testDeviceId, ...extra },
    key,
  ) as Promise<Answer>
}

const resultOf = (page: Page) => String(page.data?.result)
const withParam = (uri: string, name: string, value: string | null) => {
  const url = new URL(uri)
  if (value === null) url.searchParams.delete(name)
  else url.searchParams.set(name, value)
  return url.toString()
}

describe('OpenID Connect (oidc-provider as Google)', () => {
  test('default: the callback hands a handle to the exact host origin; connect signs in with a new wallet, the same one next time', async () => {
    oidc.answer({ user: 'g-alice' })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'google' })
    const url = new URL(uri)
    expect(url.origin).toBe(oidc.issuer)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const callback = await createSocialVisitor(callbackUrl).authorize(uri)
    const code = new URL(callback.url).searchParams.get('code') ?? ''
    const page = await deliver(callback)
    expect(page.status).toBe(200)
    expect(page.data).toEqual({
      kind: 'result',
      origin,
      returnUrl: null,
      result: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    })
    // The code never reaches the page (only a handle that works for this frame session).
    expect(code.length).toBeGreaterThan(10)
    expect(page.html).not.toContain(code)

    const connected = await connect(key, resultOf(page))
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    expect(connected.body).toMatchObject({
      provider: 'google',
      userName: 'alice@gmail.test',
      email: 'alice@gmail.test',
    })
    const token = String(connected.body.token)
    const user = await t.get('/v1/user', { token, key })
    expect(user.status).toBe(200)
    expect(user.body.email).toBeNull()
    // SPEC §3: the provider and the username the Account view shows
    expect(user.body).toMatchObject({ socialProvider: 'google', userName: 'alice@gmail.test' })
    expect(user.body.address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const key2 = await t.createDeviceKey()
    const again = await connect(
      key2,
      resultOf(await loginTo(await start(key2, { provider: 'google' }))),
    )
    const user2 = await t.get('/v1/user', { token: String(again.body.token), key: key2 })
    expect(user2.body.address).toBe(user.body.address)
  })

  test('behavior: in a sealed project the first social login makes no server wallet: the frame makes it (issue 16), as after an email login', async () => {
    oidc.answer({ user: 'g-sealed' })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'google', projectId: 'sealed-project' })
    const connected = await connect(key, resultOf(await loginTo(uri)), {
      projectId: 'sealed-project',
    })
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    const session = { token: String(connected.body.token), key }
    // no wallet yet: the server made none it could sign with
    const user = await t.get<{ error: { name: string } }>('/v1/user', session)
    expect(user.status).toBe(404)
    expect(user.body.error.name).toBe('NoAccountsFoundError')
    expect((await t.get('/v1/sealed-wallet?projectId=sealed-project', session)).body).toEqual({
      custody: 'none',
      mode: 'sealed',
    })
  })

  test('behavior: the ID token carries only sub; the email comes from userinfo', async () => {
    oidc.answer({ user: 'g-alice' })
    const key = await t.createDeviceKey()
    const page = await loginTo(await start(key, { provider: 'google' }))
    const connected = await connect(key, resultOf(page))
    expect(connected.body.email).toBe('alice@gmail.test')
  })

  test("behavior: Apple's form_post is answered (the provider POSTs code and state)", async () => {
    oidc.answer({ user: 'g-nomail' })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'apple' })
    expect(new URL(uri).searchParams.get('response_mode')).toBe('form_post')
    const callback = await createSocialVisitor(callbackUrl).authorize(uri)
    expect(callback.form?.get('state')).toBe(new URL(uri).searchParams.get('state'))
    const page = await deliver(callback)
    const connected = await connect(key, resultOf(page))
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    expect(connected.body).toMatchObject({ provider: 'apple', userName: null, email: null })
  })

  test('behavior: an ID token with another nonce is refused (SocialIdTokenError NONCE)', async () => {
    oidc.answer({ user: 'g-alice' })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'google' })
    const page = await loginTo(withParam(uri, 'nonce', 'attacker-chosen-nonce'))
    const connected = await connect(key, resultOf(page))
    expect(connected.status).toBe(401)
    expect(connected.body.error).toMatchObject({ name: 'SocialIdTokenError', reason: 'NONCE' })
  })

  test('behavior: a code bound to another PKCE challenge is refused at the exchange', async () => {
    oidc.answer({ user: 'g-alice' })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'google' })
    const other = createHash('sha256')
      .update(randomBytes(32).toString('base64url'))
      .digest('base64url')
    const connected = await connect(
      key,
      resultOf(await loginTo(withParam(uri, 'code_challenge', other))),
    )
    expect(connected.status).toBe(502)
    expect(connected.body.error).toMatchObject({
      name: 'SocialProviderError',
      reason: 'token: invalid_grant',
    })
  })

  test('behavior: an authorization without a PKCE challenge is refused by the provider, a typed error', async () => {
    oidc.answer({ user: 'g-alice' })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'google' })
    const connected = await connect(
      key,
      resultOf(await loginTo(withParam(uri, 'code_challenge', null))),
    )
    expect(connected.body.error).toMatchObject({
      name: 'SocialProviderError',
      reason: 'authorize: invalid_request',
    })
  })

  test('behavior: a verified email of an existing email account is never merged (SocialEmailNeedsProofError)', async () => {
    await t.login('carol@example.test')
    oidc.answer({ user: 'g-carol' })
    const key = await t.createDeviceKey()
    const connected = await connect(
      key,
      resultOf(await loginTo(await start(key, { provider: 'google' }))),
    )
    expect(connected.status).toBe(409)
    expect(connected.body.error).toMatchObject({
      name: 'SocialEmailNeedsProofError',
      email: 'carol@example.test',
      provider: 'google',
    })
    // Nothing was made for the identity: the same login is refused again.
    const key2 = await t.createDeviceKey()
    const again = await connect(
      key2,
      resultOf(await loginTo(await start(key2, { provider: 'google' }))),
    )
    expect(again.status).toBe(409)
  })
})

describe('OAuth 2.0 (GitHub-shaped)', () => {
  test('default: profile from /user, the verified primary email from /user/emails', async () => {
    github.answer({ user: 4242 })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'github' })
    expect(new URL(uri).searchParams.has('nonce')).toBe(false)
    const connected = await connect(key, resultOf(await loginTo(uri)))
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    expect(connected.body).toMatchObject({
      provider: 'github',
      userName: 'octo-dave',
      email: 'dave@dave.test',
    })
    const user = await t.get('/v1/user', { token: String(connected.body.token), key })
    expect(user.body.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.body).toMatchObject({ socialProvider: 'github', userName: 'octo-dave' })
  })

  test('behavior: the visitor declines (error=access_denied): SocialLoginCancelledError', async () => {
    github.answer({ deny: true })
    const key = await t.createDeviceKey()
    const page = await loginTo(await start(key, { provider: 'github' }))
    expect(page.data?.kind).toBe('result')
    const connected = await connect(key, resultOf(page))
    expect(connected.status).toBe(400)
    expect(connected.body.error).toMatchObject({ name: 'SocialLoginCancelledError' })
    expect(String((connected.body.error as { message: string }).message)).toMatch(/cancelled/)
    github.answer({ user: 4242 })
  })

  test('behavior: a code bound to another PKCE challenge is refused (bad_verification_code)', async () => {
    github.answer({ user: 4242 })
    const key = await t.createDeviceKey()
    const uri = await start(key, { provider: 'github' })
    const connected = await connect(
      key,
      resultOf(await loginTo(withParam(uri, 'code_challenge', 'x'.repeat(43)))),
    )
    expect(connected.body.error).toMatchObject({
      name: 'SocialProviderError',
      reason: 'token: bad_verification_code',
    })
  })

  test("behavior: a code injected into another flow's callback fails that flow's PKCE", async () => {
    github.answer({ user: 4242 })
    const key = await t.createDeviceKey()
    const victim = await createSocialVisitor(callbackUrl).authorize(
      await start(key, { provider: 'github' }),
    )
    const attacker = await createSocialVisitor(callbackUrl).authorize(
      await start(await t.createDeviceKey(), { provider: 'github' }),
    )
    const injected = new URL(victim.url)
    injected.searchParams.set('code', new URL(attacker.url).searchParams.get('code') ?? '')
    const connected = await connect(key, resultOf(await deliver({ url: injected.toString() })))
    expect(connected.body.error).toMatchObject({
      name: 'SocialProviderError',
      reason: 'token: bad_verification_code',
    })
  })
})

describe('binding to the frame session', () => {
  test('behavior: a tampered state gets an error page and hands nothing on; the real callback still works', async () => {
    github.answer({ user: 4242 })
    const key = await t.createDeviceKey()
    const callback = await createSocialVisitor(callbackUrl).authorize(
      await start(key, { provider: 'github' }),
    )
    const tampered = new URL(callback.url)
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`)
    const bad = await deliver({ url: tampered.toString() })
    expect(bad.status).toBe(400)
    expect(bad.data).toMatchObject({ kind: 'error', name: 'SocialStateError' })
    expect(bad.data).not.toHaveProperty('result')
    const missing = new URL(callback.url)
    missing.searchParams.delete('state')
    expect((await deliver({ url: missing.toString() })).data).toMatchObject({
      name: 'SocialStateError',
    })
    const good = await deliver(callback)
    expect((await connect(key, resultOf(good))).status).toBe(200)
  })

  test('behavior: a callback replayed is refused, and a result works once', async () => {
    github.answer({ user: 4242 })
    const key = await t.createDeviceKey()
    const callback = await createSocialVisitor(callbackUrl).authorize(
      await start(key, { provider: 'github' }),
    )
    const page = await deliver(callback)
    const replay = await deliver(callback)
    expect(replay.status).toBe(400)
    expect(replay.data).toMatchObject({ kind: 'error', name: 'SocialStateError' })
    expect((await connect(key, resultOf(page))).status).toBe(200)
    const twice = await connect(key, resultOf(page))
    expect(twice.status).toBe(403)
    expect(twice.body.error).toMatchObject({ name: 'SocialResultInvalidError' })
  })

  test('behavior: a result used from another frame session (device key) is refused and stays its owner’s', async () => {
    github.answer({ user: 4242 })
    const key = await t.createDeviceKey()
    const page = await loginTo(await start(key, { provider: 'github' }))
    const stranger = await connect(await t.createDeviceKey(), resultOf(page))
    expect(stranger.status).toBe(403)
    expect(stranger.body.error).toMatchObject({ name: 'SocialResultInvalidError' })
    expect(stranger.body).not.toHaveProperty('token')
    const otherDevice = await t.post(
      '/v1/social/connect',
      { result: resultOf(page), deviceId: 'device-bbbbbbbbbbbbbbbb' },
      key,
    )
    expect(otherDevice.status).toBe(403)
    expect((await connect(key, resultOf(page))).status).toBe(200)
  })

  test('behavior: redirect mode answers 303 to the return page; its secret is required and works once', async () => {
    github.answer({ user: 4242 })
    const key = await t.createDeviceKey()
    const secret = randomBytes(32).toString('base64url')
    const secretHash = createHash('sha256').update(secret).digest('base64url')
    const returnUrl = `${origin}/wallet-return`
    const page = await loginTo(
      await start(key, { provider: 'github', mode: 'redirect', returnUrl, secretHash }),
    )
    expect(page.status).toBe(303)
    const location = new URL(page.location ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(returnUrl)
    const result = /^#latchkey-social-result=([A-Za-z0-9_-]{43})$/.exec(location.hash)?.[1]
    expect(result).toBeDefined()
    const without = await connect(key, result)
    expect(without.status).toBe(403)
    const wrong = await connect(key, result, { secret: randomBytes(32).toString('base64url') })
    expect(wrong.body.error).toMatchObject({ name: 'SocialResultInvalidError' })
    expect((await connect(key, result, { secret })).status).toBe(200)
    const reused = await connect(key, result, { secret })
    expect(reused.status).toBe(403)
  })

  test('behavior: redirect mode needs a return page on the origin and a secret', async () => {
    const key = await t.createDeviceKey()
    const answer = await t.post(
      '/v1/social/start',
      { provider: 'github', deviceId: testDeviceId, origin, mode: 'redirect' },
      key,
    )
    expect(answer.status).toBe(400)
    const elsewhere = await t.post(
      '/v1/social/start',
      { provider: 'github', deviceId: testDeviceId, origin, returnUrl: 'http://evil.test/steal' },
      key,
    )
    expect(elsewhere.status).toBe(400)
  })

  test('behavior: an unknown provider, a host origin not allowed, and a start without a device proof are refused', async () => {
    const key = await t.createDeviceKey()
    const body = { provider: 'myspace', deviceId: testDeviceId, origin }
    const unknown = await t.post('/v1/social/start', body, key)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatchObject({
      name: 'SocialProviderNotConfiguredError',
      provider: 'myspace',
    })
    const evil = await t.post(
      '/v1/social/start',
      { ...body, provider: 'github', origin: 'https://evil.example' },
      key,
    )
    expect(evil.status).toBe(403)
    expect(evil.body.error).toMatchObject({ name: 'OriginNotAllowedError' })
    const unsigned = await t.request('/v1/social/start', { body: { ...body, provider: 'github' } })
    expect(unsigned.status).toBe(401)
  })
})

describe('what the modal reads', () => {
  test('default: GET /v1/social/providers lists the configured ids and nothing else, to any origin', async () => {
    const answer = await t.get<{ providers: string[] }>('/v1/social/providers')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ providers: ['google', 'apple', 'github'] })
    // the modal reads it from the host page (no frame): public data, open CORS, no credentials
    const cross = await fetch(`${t.url}/v1/social/providers`, {
      headers: { origin: 'http://any-dapp.test' },
    })
    expect(cross.headers.get('access-control-allow-origin')).toBe('*')
    expect(cross.headers.get('access-control-allow-credentials')).toBeNull()
  })

  test('behavior: an email user has no socialProvider or userName in GET /v1/user', async () => {
    const session = await t.login('erin@example.test')
    const user = await t.get('/v1/user', session)
    expect(user.body).not.toHaveProperty('socialProvider')
    expect(user.body).not.toHaveProperty('userName')
  })
})

describe('rate limit', () => {
  test('behavior: POST /social/start is limited per client address (RateLimitedError, Retry-After)', async () => {
    const limited = await startTestServer({
      rateLimits: { socialStartsPerAddress: { limit: 2, windowMs: 60_000 } },
      social: {
        redirectUrl: callbackUrl,
        providers: { github: { clientId: 'id', clientSecret: 's' } },
      },
    })
    try {
      const key = await limited.createDeviceKey()
      const body = { provider: 'github', deviceId: testDeviceId, origin }
      expect((await limited.post('/v1/social/start', body, key)).status).toBe(200)
      expect((await limited.post('/v1/social/start', body, key)).status).toBe(200)
      const third = await limited.post<{ error: { name: string } }>('/v1/social/start', body, key)
      expect(third.status).toBe(429)
      expect(third.body.error.name).toBe('RateLimitedError')
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})
