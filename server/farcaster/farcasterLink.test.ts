import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type FarcasterTestAccount,
  farcasterTestAccounts,
  signInWithFarcaster,
} from '../../test/harness/farcasterClient'
import { type FarcasterChain, startFarcasterChain } from '../../test/harness/startFarcasterChain'
import {
  type FarcasterTestRelay,
  startFarcasterRelay,
} from '../../test/harness/startFarcasterRelay'
import {
  startTestServer,
  type TestAuth,
  type TestCredential,
  type TestServer,
  testDeviceId,
} from '../../test/harness/startTestServer'
import { decodeBase32, hotp, totpStep } from '../factors/totp'

// One wallet, several ways in (issue 14), for Farcaster: a signed-in visitor links their fid
// (a Farcaster login started and connected by the session, `link: true`), then signs in to the
// same wallet with Farcaster; a fid that signs in to another wallet is refused. Real parts: anvil
// as OP Mainnet with the registries, our relay, the test Farcaster client, a SQLite file.
const origin = 'http://dapp.test:5173'
const { alice, bob } = farcasterTestAccounts
type Body = Record<string, unknown>

let t: TestServer
let chain: FarcasterChain
let relay: FarcasterTestRelay

beforeAll(async () => {
  ;[chain, relay] = await Promise.all([startFarcasterChain(), startFarcasterRelay()])
  t = await startTestServer({
    now: Date.now,
    allowedOrigins: { '*': [origin] },
    farcaster: { relayUrl: relay.url, rpcUrl: chain.rpcUrl, waitMs: 0, pollIntervalMs: 20 },
  })
})
afterAll(async () => {
  await t?.close()
  await relay?.close()
  await chain?.stop()
})

/** A whole Farcaster login by `auth` (a session's credential to link), signed by `account`. */
async function farcaster(
  auth: TestAuth,
  account: FarcasterTestAccount = alice,
  link = false,
  factorProof?: string,
) {
  const started = await t.post<{ uri: string; flow: string }>(
    '/v1/farcaster/start',
    {
      deviceId: testDeviceId,
      origin,
      ...(link ? { link: true } : {}),
      ...(factorProof ? { factorProof } : {}),
    },
    auth,
  )
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const connect = (as: TestAuth = auth) =>
    t.post<Body>('/v1/farcaster/connect', { flow: started.body.flow, deviceId: testDeviceId }, as)
  expect((await connect()).body).toMatchObject({ status: 'pending' })
  expect(await signInWithFarcaster(started.body.uri, { account, relayKey: relay.relayKey })).toBe(
    201,
  )
  return { connect }
}

/** Signs in with Farcaster from a new device key; the session. */
async function signIn(account: FarcasterTestAccount = alice): Promise<TestCredential> {
  const key = await t.createDeviceKey()
  const answer = await (await farcaster(key, account)).connect()
  expect(answer.body.status, JSON.stringify(answer.body)).toBe('connected')
  return { token: String(answer.body.token), key }
}

const addressOf = async (session: TestCredential) =>
  (await t.get<{ address: string }>('/v1/user', session)).body.address
const errorOf = (answer: { body: Body }) => answer.body.error as { name: string; message: string }

describe('linking Farcaster to the signed-in wallet', () => {
  // First: it leaves alice's fid free again for the tests below.
  test('behavior: with a second factor, linking and unlinking need its proof (loginMethods, on by default)', async () => {
    const frank = await t.login('frank@example.test')
    const setup = await t.post<{ secret: string }>('/v1/factors/totp/setup', {}, frank)
    const secret = decodeBase32(setup.body.secret) as Buffer
    const confirmed = await t.post<{ recoveryCodes: string[] }>(
      '/v1/factors/totp/confirm',
      { code: hotp(secret, totpStep(Date.now())) },
      frank,
    )
    const [first, second] = confirmed.body.recoveryCodes
    const proof = async (recoveryCode = '') =>
      (
        await t.post<{ factorProof: string }>(
          '/v1/factors/verify',
          { recoveryCode, action: 'login-method' },
          frank,
        )
      ).body.factorProof
    const refused = await t.post<Body>(
      '/v1/farcaster/start',
      { deviceId: testDeviceId, origin, link: true },
      frank,
    )
    expect(refused.status).toBe(403)
    expect(errorOf(refused)).toMatchObject({ name: 'SecondFactorRequiredError' })
    const linked = await (await farcaster(frank, alice, true, await proof(first))).connect()
    expect(linked.body).toMatchObject({ status: 'linked', fid: alice.fid })
    const unlink = (factorProof?: string) =>
      t.post<Body>(
        '/v1/logins/unlink',
        { kind: 'social', provider: 'farcaster', ...(factorProof ? { factorProof } : {}) },
        frank,
      )
    expect(errorOf(await unlink())).toMatchObject({ name: 'SecondFactorRequiredError' })
    expect((await unlink(await proof(second))).body).toEqual({
      logins: [{ kind: 'email', email: 'frank@example.test' }],
    })
  })

  test('default: an email user links their fid (no new session); Farcaster then signs in to the same wallet; either way in can go while the other remains', async () => {
    const email = await t.login('carol@example.test')
    const wallet = await addressOf(email)
    const linked = await (await farcaster(email, alice, true)).connect()
    expect(linked.status, JSON.stringify(linked.body)).toBe(200)
    expect(linked.body).toEqual({ status: 'linked', fid: alice.fid, userName: 'alice' })
    expect((await t.get<Body>('/v1/logins', email)).body.logins).toEqual([
      { kind: 'email', email: 'carol@example.test' },
      { kind: 'social', provider: 'farcaster', userName: 'alice', email: null },
    ])
    // the session that linked goes on as it was
    expect(await addressOf(email)).toBe(wallet)

    const byFarcaster = await signIn(alice)
    expect(await addressOf(byFarcaster)).toBe(wallet)
    const user = await t.get<Body>('/v1/user', byFarcaster)
    expect(user.body).toMatchObject({ email: 'carol@example.test', userName: 'alice' })

    // unlinked, the fid is free again: its next login makes a wallet of its own
    const unlinked = await t.post<Body>(
      '/v1/logins/unlink',
      { kind: 'social', provider: 'farcaster' },
      email,
    )
    expect(unlinked.body).toEqual({ logins: [{ kind: 'email', email: 'carol@example.test' }] })
    expect(await addressOf(await signIn(alice))).not.toBe(wallet)
  })

  test('behavior: a fid that signs in to another wallet is refused (FarcasterIdentityInUseError); nothing moves', async () => {
    const owner = await signIn(bob)
    const other = await t.login('dora@example.test')
    const refused = await (await farcaster(other, bob, true)).connect()
    expect(refused.status).toBe(409)
    expect(errorOf(refused)).toMatchObject({
      name: 'FarcasterIdentityInUseError',
      message: expect.stringContaining(
        'This Farcaster account already signs in to another wallet.',
      ),
    })
    expect((await t.get<Body>('/v1/logins', other)).body.logins).toEqual([
      { kind: 'email', email: 'dora@example.test' },
    ])
    expect(await addressOf(await signIn(bob))).toBe(await addressOf(owner))
  })

  test('behavior: a link needs a session, and only that session may connect it', async () => {
    const key = await t.createDeviceKey()
    const noSession = await t.post<Body>(
      '/v1/farcaster/start',
      { deviceId: testDeviceId, origin, link: true },
      key,
    )
    expect(noSession.status).toBe(401)
    expect(errorOf(noSession).name).toBe('InvalidSessionError')

    // the same device key without its session cannot take the link over as a login
    const erin = await t.login('erin@example.test')
    const { connect } = await farcaster(erin, alice, true)
    const asLogin = await connect(erin.key)
    expect(asLogin.status).toBe(403)
    expect(errorOf(asLogin).name).toBe('FarcasterLoginInvalidError')
    // its own session's call gets to the link itself (alice signs in to a wallet of her own by now)
    expect(errorOf(await connect()).name).toBe('FarcasterIdentityInUseError')
  })
})
