import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startAnvil } from '../../test/harness/anvil'
import {
  type FarcasterSignOptions,
  farcasterTestAccounts,
  signInWithFarcaster,
  strangerKey,
} from '../../test/harness/farcasterClient'
import { type FarcasterChain, startFarcasterChain } from '../../test/harness/startFarcasterChain'
import {
  type FarcasterTestRelay,
  startFarcasterRelay,
} from '../../test/harness/startFarcasterRelay'
import {
  startTestServer,
  type TestDeviceKey,
  type TestServer,
  testDeviceId,
} from '../../test/harness/startTestServer'

// Sign In With Farcaster against the real parts: anvil as OP Mainnet (chain 10) with our registry
// stand-ins at the registries' addresses, our relay on loopback, and the test Farcaster client
// signing with known keys, as the visitor's Farcaster app does.
const origin = 'http://dapp.test:5173'
const { alice, bob } = farcasterTestAccounts

let t: TestServer
let chain: FarcasterChain
let relay: FarcasterTestRelay

beforeAll(async () => {
  ;[chain, relay] = await Promise.all([startFarcasterChain(), startFarcasterRelay()])
  t = await startTestServer({
    // messages are dated by the client's clock: the server reads the same one
    now: Date.now,
    allowedOrigins: { '*': [origin] },
    custody: { 'sealed-project': 'sealed' },
    farcaster: { relayUrl: relay.url, rpcUrl: chain.rpcUrl, waitMs: 0, pollIntervalMs: 20 },
  })
})
afterAll(async () => {
  await t?.close()
  await relay?.close()
  await chain?.stop()
})

type Started = { key: TestDeviceKey; uri: string; flow: string }
type Answer = { status: number; body: Record<string, unknown> }

async function start(body: Record<string, unknown> = {}): Promise<Started> {
  const key = await t.createDeviceKey()
  const answer = await t.post<{ uri: string; flow: string }>(
    '/v1/farcaster/start',
    { deviceId: testDeviceId, origin, ...body },
    key,
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { key, ...answer.body }
}

const connect = (login: Started, extra: Record<string, unknown> = {}) =>
  t.post(
    '/v1/farcaster/connect',
    { flow: login.flow, deviceId: testDeviceId, ...extra },
    login.key,
  ) as Promise<Answer>

const sign = (login: Started, options: Partial<FarcasterSignOptions> = {}) =>
  signInWithFarcaster(login.uri, { account: alice, relayKey: relay.relayKey, ...options })

const errorOf = (answer: Answer) => answer.body.error as { name: string; reason?: string }

describe('Sign In With Farcaster', () => {
  test('default: a relay channel with the host domain and a server nonce; pending until the custody key signs; the fid signs in, the same wallet next time', async () => {
    const login = await start()
    const link = new URL(login.uri)
    expect(link.origin).toBe(relay.url)
    expect(link.searchParams.get('domain')).toBe('dapp.test:5173')
    expect(link.searchParams.get('siweUri')).toBe(origin)
    expect(link.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/)
    // the channel token is the server's: the frame gets only a handle
    expect(login.flow).not.toBe(link.searchParams.get('channelToken'))
    expect(await connect(login)).toMatchObject({ status: 200, body: { status: 'pending' } })

    expect(await sign(login)).toBe(201)
    const connected = await connect(login)
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    expect(connected.body).toMatchObject({ status: 'connected', fid: 1001, userName: 'alice' })
    const session = { token: String(connected.body.token), key: login.key }
    const user = await t.get('/v1/user', session)
    expect(user.body).toMatchObject({ socialProvider: 'farcaster', userName: 'alice', email: null })

    // the handle works once
    const replay = await connect(login)
    expect(replay.status).toBe(403)
    expect(errorOf(replay).name).toBe('FarcasterLoginInvalidError')

    // keyed on the fid: a later login (here by the auth address) is the same user and wallet
    const later = await start()
    expect(await sign(later, { method: 'authAddress' })).toBe(201)
    const again = await connect(later)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    const user2 = await t.get('/v1/user', { token: String(again.body.token), key: later.key })
    expect(user2.body.address).toBe(user.body.address)
  })

  test('behavior: an auth address (key registry, type 2) signs in; once removed it is refused', async () => {
    const login = await start()
    expect(await sign(login, { method: 'authAddress' })).toBe(201)
    expect((await connect(login)).body).toMatchObject({ status: 'connected', fid: 1001 })

    await chain.setAuthAddress(alice.fid, alice.authAddress.address, false)
    try {
      const removed = await start()
      expect(await sign(removed, { method: 'authAddress' })).toBe(201)
      const refused = await connect(removed)
      expect(refused.status).toBe(401)
      expect(errorOf(refused)).toMatchObject({
        name: 'FarcasterVerificationError',
        reason: 'OWNER',
      })
    } finally {
      await chain.setAuthAddress(alice.fid, alice.authAddress.address, true)
    }
  })

  test.each([
    ['a key that is not the custody address', { signer: strangerKey }, 'OWNER'],
    ["another account's custody key", { signer: bob.custody }, 'OWNER'],
    ['another domain', { domain: 'evil.test' }, 'DOMAIN'],
    ['another URI', { uri: 'http://evil.test' }, 'DOMAIN'],
    ['another nonce', { nonce: 'abcdef0123456789' }, 'NONCE'],
    ['an expired message', { expirationTime: '2020-01-01T00:00:00.000Z' }, 'EXPIRED'],
    ['a relay that names another fid', { relayFid: bob.fid }, 'FID'],
  ] as const)('behavior: %s is refused; nobody is signed in', async (_, tamper, reason) => {
    const login = await start()
    expect(await sign(login, { tamper })).toBe(201)
    const refused = await connect(login)
    expect(refused.status, JSON.stringify(refused.body)).toBe(401)
    expect(errorOf(refused)).toMatchObject({ name: 'FarcasterVerificationError', reason })
    expect(refused.body.token).toBeUndefined()
  })

  test('behavior: the relay refuses a wrong channel token or relay key; the login stays pending and then completes', async () => {
    const login = await start()
    expect(await sign(login, { tamper: { channelToken: crypto.randomUUID() } })).toBe(401)
    expect(await sign(login, { relayKey: 'not-the-relay-key' })).toBe(401)
    expect((await connect(login)).body).toMatchObject({ status: 'pending' })
    expect(await sign(login)).toBe(201)
    expect((await connect(login)).body).toMatchObject({ status: 'connected' })
  })

  test('behavior: only the device key and device id that started the login may connect', async () => {
    const login = await start()
    expect(await sign(login)).toBe(201)
    const thief = { ...login, key: await t.createDeviceKey() }
    const stolen = await connect(thief)
    expect(stolen.status).toBe(403)
    expect(errorOf(stolen).name).toBe('FarcasterLoginInvalidError')
    const otherDevice = await connect(login, { deviceId: 'device-bbbbbbbbbbbbbbbb' })
    expect(otherDevice.status).toBe(403)
    // the owner still completes it
    expect((await connect(login)).body).toMatchObject({ status: 'connected' })
  })

  test('behavior: a host the project does not allow cannot start; a login needs a device proof', async () => {
    const key = await t.createDeviceKey()
    const refused = await t.post(
      '/v1/farcaster/start',
      { deviceId: testDeviceId, origin: 'http://evil.test' },
      key,
    )
    expect(refused.status).toBe(403)
    expect((refused.body.error as { name: string }).name).toBe('OriginNotAllowedError')
    const unsigned = await t.request('/v1/farcaster/start', {
      body: { deviceId: testDeviceId, origin },
    })
    expect(unsigned.status).toBe(401)
  })

  test('behavior: a connect call waits for the signature (the server polls the relay) up to waitMs', async () => {
    const waiting = await startTestServer({
      now: Date.now,
      farcaster: { relayUrl: relay.url, rpcUrl: chain.rpcUrl, waitMs: 5_000, pollIntervalMs: 20 },
    })
    try {
      const key = await waiting.createDeviceKey()
      const started = await waiting.post<{ uri: string; flow: string }>(
        '/v1/farcaster/start',
        { deviceId: testDeviceId, origin },
        key,
      )
      const login = { key, ...started.body }
      const answer = waiting.post(
        '/v1/farcaster/connect',
        { flow: login.flow, deviceId: testDeviceId },
        key,
      )
      await expect
        .poll(() => relay.statusReads(new URL(login.uri).searchParams.get('channelToken') ?? ''))
        .toBeGreaterThan(1)
      expect(await sign(login, { account: bob })).toBe(201)
      expect((await answer).body).toMatchObject({ status: 'connected', fid: 1002, userName: 'bob' })
    } finally {
      await waiting.close()
    }
  })
})

describe('Farcaster off, or on the wrong chain', () => {
  test('behavior: without the farcaster option its routes answer a typed error and no Farcaster button shows; nothing is contacted', async () => {
    const before = relay.channels
    const off = await startTestServer({})
    try {
      const key = await off.createDeviceKey()
      const answer = await off.post('/v1/farcaster/start', { deviceId: testDeviceId, origin }, key)
      expect(answer.status).toBe(404)
      expect(answer.body.error).toMatchObject({
        name: 'SocialProviderNotConfiguredError',
        provider: 'farcaster',
      })
      expect((await off.get('/v1/social/providers')).body).toEqual({ providers: [] })
      expect((await t.get('/v1/social/providers')).body).toEqual({ providers: ['farcaster'] })
      expect(relay.channels).toBe(before)
    } finally {
      await off.close()
    }
  })

  test('behavior: an RPC that is not chain 10 signs nobody in (FarcasterRelayError)', async () => {
    const mainnet = await startAnvil({ chainId: 1 })
    const wrong = await startTestServer({
      now: Date.now,
      farcaster: { relayUrl: relay.url, rpcUrl: mainnet.rpcUrl, waitMs: 0 },
    })
    try {
      const key = await wrong.createDeviceKey()
      const started = await wrong.post<{ uri: string; flow: string }>(
        '/v1/farcaster/start',
        { deviceId: testDeviceId, origin },
        key,
      )
      const login = { key, ...started.body }
      expect(await sign(login)).toBe(201)
      const refused = await wrong.post(
        '/v1/farcaster/connect',
        { flow: login.flow, deviceId: testDeviceId },
        key,
      )
      expect(refused.status).toBe(502)
      expect(refused.body.error as { name: string; reason: string }).toMatchObject({
        name: 'FarcasterRelayError',
        reason: 'rpc: the RPC is chain 1, not Optimism (10).',
      })
    } finally {
      await wrong.close()
      await mainnet.stop()
    }
  })
})
