import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
  testDeviceId,
} from '../../test/harness/startTestServer'

// Issue 8 item 1 (a stolen session token signs from anywhere): every authenticated request
// needs a fresh proof by the device key the session was bound to at login.

let t: TestServer
let alice: TestCredential
beforeEach(async () => {
  t = await startTestServer()
  alice = await t.login('alice@example.test')
})
afterEach(async () => {
  await t.close()
})

const invalidProof = { error: { name: 'InvalidDeviceProofError', message: 'Invalid device proof' } }
const staleNonce = { error: { name: 'DeviceProofNonceError', message: 'Use a fresh nonce' } }

/** A hand-made proof for `path`, sent with alice's token. */
async function sendWithProof(
  path: string,
  body: unknown,
  proof: Parameters<TestServer['proof']>[1],
  key = alice.key,
) {
  return t.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    token: alice.token,
    proof: await t.proof(key, proof),
  })
}

describe('device-bound sessions', () => {
  test('default: the session works for every authenticated route with its proofs', async () => {
    const user = await t.get<{ email: string }>('/v1/user', alice)
    expect(user).toMatchObject({ status: 200, body: { email: 'alice@example.test' } })
    expect((await t.get('/v1/is-connected', alice)).body).toEqual({ isConnected: true })
    expect((await t.post('/v1/preferred-account', { type: 'eoa' }, alice)).body).toEqual({
      type: 'eoa',
    })
    const again = await t.post(
      '/v1/connect-email',
      { email: 'alice@example.test', deviceId: testDeviceId },
      alice,
    )
    expect(again.body).toEqual({ action: 'CONNECT' })
    const update = await t.post('/v1/update-email', { email: 'alice2@example.test' }, alice)
    expect(update.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    // Many requests in a row, each with its own proof: the session survives normal use.
    for (let index = 0; index < 5; index++)
      expect((await t.get('/v1/user?chainId=1', alice)).status).toBe(200)
    expect((await t.post('/v1/sign-out', {}, alice)).body).toEqual({ success: true })
    expect((await t.get('/v1/is-connected', alice)).body).toEqual({ isConnected: false })
  })

  test('error: a bearer token alone is refused with 401 on every authenticated route', async () => {
    const bare = alice.token
    const rpc = await t.post('/v1/rpc', { chainId: 1, method: 'eth_accounts', params: [] }, bare)
    expect(rpc).toMatchObject({ status: 401, body: invalidProof })
    expect(await t.get('/v1/user', bare)).toMatchObject({ status: 401, body: invalidProof })
    const update = await t.post('/v1/update-email', { email: 'thief@example.test' }, bare)
    expect(update).toMatchObject({ status: 401, body: invalidProof })
    const preferred = await t.post('/v1/preferred-account', { type: 'eoa' }, bare)
    expect(preferred).toMatchObject({ status: 401, body: invalidProof })
    // is-connected answers false; connect-email does not say CONNECT; sign-out needs the proof.
    expect((await t.get('/v1/is-connected', bare)).body).toEqual({ isConnected: false })
    const connect = await t.post(
      '/v1/connect-email',
      { email: 'alice@example.test', deviceId: testDeviceId },
      bare,
    )
    expect(connect.body).toEqual({ action: 'VERIFY_OTP' })
    expect(await t.post('/v1/sign-out', {}, bare)).toMatchObject({
      status: 401,
      body: invalidProof,
    })
    // The thief's attempts cost the visitor nothing.
    expect((await t.get('/v1/user', alice)).status).toBe(200)
  })

  test('error: a proof by another key is refused, even a key of another live session', async () => {
    const stranger = await t.createDeviceKey()
    expect(await t.get('/v1/user', { token: alice.token, key: stranger })).toMatchObject({
      status: 401,
      body: invalidProof,
    })
    const bob = await t.login('bob@example.test', 'device-bbbbbbbbbbbbbbbb')
    expect(await t.get('/v1/user', { token: alice.token, key: bob.key })).toMatchObject({
      status: 401,
      body: invalidProof,
    })
  })

  test('error: a replayed proof is refused', async () => {
    const proof = await t.proof(alice.key, { method: 'GET', path: '/v1/user' })
    const first = await t.request('/v1/user', { token: alice.token, proof })
    expect(first.status).toBe(200)
    const replay = await t.request('/v1/user', { token: alice.token, proof })
    expect(replay).toMatchObject({ status: 401, body: invalidProof })
  })

  test('error: a proof for another method, path, query or body is refused', async () => {
    const body = { type: 'eoa' }
    const otherBody = await t.request('/v1/preferred-account', {
      body,
      token: alice.token,
      proof: await t.proof(alice.key, {
        method: 'POST',
        path: '/v1/preferred-account',
        body: JSON.stringify({ type: 'smartAccount' }),
      }),
    })
    expect(otherBody).toMatchObject({ status: 401, body: invalidProof })
    const otherPath = await sendWithProof('/v1/preferred-account', body, {
      method: 'POST',
      path: '/v1/update-email',
      body: JSON.stringify(body),
    })
    expect(otherPath).toMatchObject({ status: 401, body: invalidProof })
    const otherMethod = await sendWithProof('/v1/preferred-account', body, {
      method: 'GET',
      path: '/v1/preferred-account',
      body: JSON.stringify(body),
    })
    expect(otherMethod).toMatchObject({ status: 401, body: invalidProof })
    const otherQuery = await sendWithProof('/v1/user?chainId=56', undefined, {
      method: 'GET',
      path: '/v1/user?chainId=1',
    })
    expect(otherQuery).toMatchObject({ status: 401, body: invalidProof })
    // A signed proof with one bit of its claims changed.
    const proof = await t.proof(alice.key, { method: 'GET', path: '/v1/user' })
    const [header, claims, signature] = proof.split('.')
    const changed = JSON.parse(Buffer.from(String(claims), 'base64url').toString())
    changed.htu = '/v1/user?chainId=56'
    const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`
    const tampered = await t.request('/v1/user?chainId=56', { token: alice.token, proof: forged })
    expect(tampered).toMatchObject({ status: 401, body: invalidProof })
  })

  test('error: a stale or future iat is refused with a retryable 401', async () => {
    const now = Math.floor(t.clock.now() / 1000)
    for (const iat of [now - 61, now + 61]) {
      const answer = await sendWithProof('/v1/user', undefined, {
        method: 'GET',
        path: '/v1/user',
        iat,
      })
      expect(answer).toMatchObject({ status: 401, body: staleNonce })
      expect(answer.headers.get('latchkey-time')).toBe(String(t.clock.now()))
    }
    const edge = await sendWithProof('/v1/user', undefined, {
      method: 'GET',
      path: '/v1/user',
      iat: now - 60,
    })
    expect(edge.status).toBe(200)
  })

  test('behavior: an expired or unknown nonce gets 401 with a fresh one that then works', async () => {
    const nonce = await t.nonce()
    t.clock.advance(5 * 60_000 + 1)
    const expired = await sendWithProof('/v1/user', undefined, {
      method: 'GET',
      path: '/v1/user',
      nonce,
    })
    expect(expired).toMatchObject({ status: 401, body: staleNonce })
    const fresh = expired.headers.get('latchkey-nonce')
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(fresh).not.toBe(nonce)
    const retried = await sendWithProof('/v1/user', undefined, {
      method: 'GET',
      path: '/v1/user',
      nonce: String(fresh),
    })
    expect(retried.status).toBe(200)

    const unknown = await sendWithProof('/v1/user', undefined, {
      method: 'GET',
      path: '/v1/user',
      nonce: `${'A'.repeat(11)}${String(fresh).slice(11)}`,
    })
    expect(unknown).toMatchObject({ status: 401, body: staleNonce })
    const none = await t.request('/v1/user', {
      token: alice.token,
      proof: await t.proof(alice.key, { method: 'GET', path: '/v1/user', nonce: '' }),
    })
    expect(none).toMatchObject({ status: 401, body: staleNonce })
    // The helper does what the frame does: one retry with the answer's nonce.
    t.clock.advance(10 * 60_000)
    expect((await t.get('/v1/user', alice)).status).toBe(200)
  })

  test('error: a nonce of another server (another master key) is refused', async () => {
    const other = await startTestServer({ masterKey: '22'.repeat(32) })
    try {
      const foreign = await other.nonce()
      const answer = await sendWithProof('/v1/user', undefined, {
        method: 'GET',
        path: '/v1/user',
        nonce: foreign,
      })
      expect(answer).toMatchObject({ status: 401, body: staleNonce })
    } finally {
      await other.close()
    }
  })

  test('error: a login without a device proof is refused and loses nothing', async () => {
    const email = 'carol@example.test'
    const after = t.sink.mails.length
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const otp = await t.sink.waitForCode(email, { after })
    const body = { email, deviceId: testDeviceId, otp }
    const bare = await t.request('/v1/connect-otp', { body })
    expect(bare).toMatchObject({ status: 401, body: invalidProof })
    expect(bare.body).not.toHaveProperty('token')
    // The code still works with a proof, and the session is bound to that key only.
    const key = await t.createDeviceKey()
    const login = await t.post<{ token: string }>('/v1/connect-otp', body, key)
    expect(login.status).toBe(200)
    expect((await t.get('/v1/user', { token: login.body.token, key })).status).toBe(200)
    const thief = await t.createDeviceKey()
    expect((await t.get('/v1/user', { token: login.body.token, key: thief })).status).toBe(401)
  })

  test('default: every /v1 answer carries a nonce and the server clock', async () => {
    for (const answer of [
      await t.get('/v1/smart-account-networks'),
      await t.get('/v1/user'),
      await t.get('/v1/nope'),
    ]) {
      expect(answer.headers.get('latchkey-nonce')).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(answer.headers.get('latchkey-time')).toBe(String(t.clock.now()))
    }
    const { body } = await t.get('/v1/nonce')
    expect(body).toEqual({
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      time: t.clock.now(),
    })
  })

  test('error: malformed proofs get a typed 401, never a 500', async () => {
    for (const proof of ['x', 'a.b.c', `${'a'.repeat(5000)}`, 'e30.e30.AAAA']) {
      const answer = await t.request('/v1/user', { token: alice.token, proof })
      expect(answer).toMatchObject({ status: 401, body: invalidProof })
    }
  })
})
