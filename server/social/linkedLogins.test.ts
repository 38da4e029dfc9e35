import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSocialVisitor } from '../../test/harness/socialVisitor'
import { type GithubTestServer, startGithubOAuth } from '../../test/harness/startGithubOAuth'
import { type OidcTestProvider, startOidcProvider } from '../../test/harness/startOidcProvider'
import {
  startTestServer,
  type TestAuth,
  type TestCredential,
  type TestServer,
  testDeviceId,
} from '../../test/harness/startTestServer'

// One wallet, several ways in (issue 14): a signed-in visitor links a provider's account (a
// social login started and redeemed by the session), lists and unlinks logins, and a social
// user adds an email. Real providers on loopback (oidc-provider as Google, the GitHub-shaped
// server), a real server on a SQLite file; storage rules on both databases are in
// storage/storageContract.test.ts.

const callbackUrl = 'http://wallet.test/v1/social/callback'
const origin = 'http://dapp.test:5173'
type Body = Record<string, unknown>

let t: TestServer
let oidc: OidcTestProvider
let github: GithubTestServer

beforeAll(async () => {
  oidc = await startOidcProvider({
    redirectUri: callbackUrl,
    users: [
      { sub: 'g-carol', email: 'carol@example.test' },
      { sub: 'g-taken', email: 'taken@gmail.test' },
      { sub: 'g-solo', email: 'solo@gmail.test' },
      { sub: 'g-new', email: 'new@gmail.test' },
      { sub: 'g-bound' },
      { sub: 'g-hana', email: 'hana@gmail.test' },
    ],
  })
  github = await startGithubOAuth({
    redirectUri: callbackUrl,
    users: [
      {
        id: 7,
        login: 'octo-carol',
        email: null,
        emails: [{ email: 'carol@example.test', primary: true, verified: true }],
      },
    ],
  })
  t = await startTestServer({
    now: Date.now,
    allowedOrigins: { '*': [origin] },
    social: {
      redirectUrl: callbackUrl,
      providers: {
        google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer },
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

/** A whole social login (start → provider → callback → connect) by `auth`; the connect's answer. */
async function socialLogin(auth: TestAuth, provider: string, link = false) {
  const started = await t.post<{ uri: string }>(
    '/v1/social/start',
    { provider, deviceId: testDeviceId, origin, ...(link ? { link: true } : {}) },
    auth,
  )
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const callback = new URL((await createSocialVisitor(callbackUrl).authorize(started.body.uri)).url)
  const page = await (await fetch(`${t.url}${callback.pathname}${callback.search}`)).text()
  const result = /"result":"([A-Za-z0-9_-]{43})"/.exec(page)?.[1]
  return t.post<Body>('/v1/social/connect', { result, deviceId: testDeviceId }, auth)
}

/** Signs in with a provider from a new device key; the session. */
async function signIn(provider: string): Promise<TestCredential> {
  const key = await t.createDeviceKey()
  const answer = await socialLogin(key, provider)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { token: String(answer.body.token), key }
}

const addressOf = async (session: TestCredential) =>
  (await t.get<{ address: string }>('/v1/user', session)).body.address

describe('linking a provider to the signed-in wallet', () => {
  test('default: proved by email first, Google and GitHub are linked to the same wallet; each signs in to it', async () => {
    const email = await t.login('carol@example.test')
    const wallet = await addressOf(email)
    // Google's verified email is the email account's: a sign-in is refused (never merged)
    oidc.answer({ user: 'g-carol' })
    const refused = await socialLogin(await t.createDeviceKey(), 'google')
    expect(refused.status).toBe(409)
    expect((refused.body.error as Body).name).toBe('SocialEmailNeedsProofError')

    // signed in by the email code, the visitor links it: no new session, the same one goes on
    oidc.answer({ user: 'g-carol' })
    const linked = await socialLogin(email, 'google', true)
    expect(linked.status, JSON.stringify(linked.body)).toBe(200)
    expect(linked.body).toEqual({
      linked: true,
      provider: 'google',
      userName: 'carol@example.test',
      email: 'carol@example.test',
    })
    github.answer({ user: 7 })
    expect((await socialLogin(email, 'github', true)).status).toBe(200)
    const logins = await t.get<Body>('/v1/logins', email)
    expect(logins.body).toEqual({
      logins: [
        { kind: 'email', email: 'carol@example.test' },
        {
          kind: 'social',
          provider: 'google',
          userName: 'carol@example.test',
          email: 'carol@example.test',
        },
        { kind: 'social', provider: 'github', userName: 'octo-carol', email: 'carol@example.test' },
      ],
    })
    oidc.answer({ user: 'g-carol' })
    expect(await addressOf(await signIn('google'))).toBe(wallet)
    github.answer({ user: 7 })
    expect(await addressOf(await signIn('github'))).toBe(wallet)
  })

  test('behavior: an account that signs in to another wallet is refused (SocialIdentityInUseError); nothing moves', async () => {
    oidc.answer({ user: 'g-taken' })
    const owner = await signIn('google')
    const other = await t.login('dora@example.test')
    oidc.answer({ user: 'g-taken' })
    const refused = await socialLogin(other, 'google', true)
    expect(refused.status).toBe(409)
    expect((refused.body.error as Body).name).toBe('SocialIdentityInUseError')
    oidc.answer({ user: 'g-taken' })
    expect(await addressOf(await signIn('google'))).toBe(await addressOf(owner))
    expect((await t.get<Body>('/v1/logins', other)).body.logins).toHaveLength(1)
  })

  test('behavior: a link needs a session with the proof of its own key: without a session, or with the bare token, nothing starts', async () => {
    const key = await t.createDeviceKey()
    const noSession = await t.post<Body>(
      '/v1/social/start',
      { provider: 'google', deviceId: testDeviceId, origin, link: true },
      key,
    )
    expect(noSession.status).toBe(401)
    expect((noSession.body.error as Body).name).toBe('InvalidSessionError')
    // a bare token without its key's proof starts nothing
    const erin = await t.login('erin@example.test')
    const bare = await t.post<Body>(
      '/v1/social/start',
      { provider: 'google', deviceId: testDeviceId, origin, link: true },
      erin.token,
    )
    expect(bare.status).toBe(401)
  })
  test("behavior: a link may name the wallet's own origin (the frame opens the popup): its callback page hands the result to the frame's origin; a login may not", async () => {
    const wallet = 'http://wallet.test'
    const login = await t.post<Body>(
      '/v1/social/start',
      { provider: 'google', deviceId: testDeviceId, origin: wallet },
      await t.createDeviceKey(),
    )
    expect(login.status).toBe(403)
    expect((login.body.error as Body).name).toBe('OriginNotAllowedError')
    const session = await t.login('hana@example.test')
    const started = await t.post<{ uri: string }>(
      '/v1/social/start',
      { provider: 'google', deviceId: testDeviceId, origin: wallet, link: true },
      session,
    )
    expect(started.status).toBe(200)
    oidc.answer({ user: 'g-hana' })
    const callback = new URL(
      (await createSocialVisitor(callbackUrl).authorize(started.body.uri)).url,
    )
    const page = await (await fetch(`${t.url}${callback.pathname}${callback.search}`)).text()
    expect(page).toContain(`"origin":"${wallet}"`)
  })
})

describe('unlinking, and adding an email', () => {
  test('behavior: the email or a provider can go while another way in remains; the last one cannot (LastLoginError)', async () => {
    const session = await t.login('frank@example.test')
    const lastEmail = await t.post<Body>('/v1/logins/unlink', { kind: 'email' }, session)
    expect(lastEmail.status).toBe(409)
    expect((lastEmail.body.error as Body).name).toBe('LastLoginError')
    oidc.answer({ user: 'g-solo' })
    expect((await socialLogin(session, 'google', true)).status).toBe(200)
    const removed = await t.post<Body>('/v1/logins/unlink', { kind: 'email' }, session)
    expect(removed.status).toBe(200)
    expect(removed.body.logins).toEqual([
      { kind: 'social', provider: 'google', userName: 'solo@gmail.test', email: 'solo@gmail.test' },
    ])
    const lastSocial = await t.post<Body>(
      '/v1/logins/unlink',
      { kind: 'social', provider: 'google' },
      session,
    )
    expect((lastSocial.body.error as Body).name).toBe('LastLoginError')
    // the email cannot sign in to this wallet any more: a code for it makes a new one
    const wallet = await addressOf(session)
    expect(await addressOf(await t.login('frank@example.test'))).not.toBe(wallet)
  })

  test('default: a social user adds an email with one code to it; then it is a way in', async () => {
    oidc.answer({ user: 'g-new' })
    const social = await signIn('google')
    expect((await t.get<Body>('/v1/logins', social)).body.logins).toHaveLength(1)
    const after = t.sink.mails.length
    const asked = await t.post<Body>('/v1/update-email', { email: 'gina@example.test' }, social)
    expect(asked.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const otp = await t.sink.waitForCode('gina@example.test', { after })
    const added = await t.post<Body>('/v1/update-email/secondary-otp', { otp }, social)
    expect(added.body).toEqual({ newEmail: 'gina@example.test' })
    expect((await t.get<Body>('/v1/logins', social)).body.logins).toContainEqual({
      kind: 'email',
      email: 'gina@example.test',
    })
  })
})

describe('sessions from social logins are device-bound', () => {
  test('behavior: the token alone, or with another key’s proof, is refused; with its own key it works', async () => {
    oidc.answer({ user: 'g-bound' })
    const session = await signIn('google')
    expect((await t.get('/v1/user', session)).status).toBe(200)
    const bare = await t.get<Body>('/v1/user', session.token)
    expect(bare.status).toBe(401)
    const stolen = await t.get<Body>('/v1/user', {
      token: session.token,
      key: await t.createDeviceKey(),
    })
    expect(stolen.status).toBe(401)
    expect((stolen.body.error as Body).name).toBe('InvalidDeviceProofError')
  })
})
