import { describe, expect, test } from 'vitest'
import {
  alice,
  bob,
  cookieOf,
  getSiwxSession,
  signedMessage,
  siwxServerOptions,
  siwxServerStarter,
  verify,
} from '../../test/harness/signIn.fixture'

const start = siwxServerStarter()

describe('/v1/siwx', () => {
  test('default: nonce → sign → verify → session by cookie and by bearer → signout ends it', async () => {
    const server = await start()
    const nonce = await server.get<{ nonce: string }>('/v1/siwx/nonce')
    expect(nonce.status).toBe(200)
    expect(nonce.body.nonce).toMatch(/^[A-Za-z0-9]{22}$/)

    const signed = await signedMessage(server)
    const verified = await verify(server, signed)
    expect(verified.status).toBe(200)
    expect(verified.body.session?.message).toBe(signed.message)
    expect(verified.body.session?.signature).toBe(signed.signature)
    expect(verified.body.session?.data).toMatchObject({
      accountAddress: alice.address,
      chainId: 'eip155:1',
      domain: 'dapp.test',
    })
    const token = verified.body.token ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(verified.headers.get('set-cookie')).toMatch(
      /^latchkey_siwx=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/v1\/siwx; HttpOnly; SameSite=Lax$/,
    )
    const cookie = cookieOf(verified)

    const byCookie = await getSiwxSession(server, { cookie })
    const byBearer = await getSiwxSession(server, { authorization: `Bearer ${token}` })
    expect(byCookie).toEqual({ status: 200, body: { session: verified.body.session } })
    expect(byBearer).toEqual(byCookie)
    expect(await getSiwxSession(server, {})).toEqual({ status: 200, body: { session: null } })

    const signout = await server.post('/v1/siwx/signout', {}, token)
    expect(signout).toMatchObject({ status: 200, body: { success: true } })
    expect(await getSiwxSession(server, { authorization: `Bearer ${token}` })).toMatchObject({
      body: { session: null },
    })
    expect(await getSiwxSession(server, { cookie })).toMatchObject({ body: { session: null } })
  })

  test('behavior: signout by cookie ends the session and clears the cookie', async () => {
    const server = await start()
    const verified = await verify(server, await signedMessage(server))
    const cookie = cookieOf(verified)
    const response = await fetch(`${server.url}/v1/siwx/signout`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(
      /^latchkey_siwx=; Max-Age=0; Path=\/v1\/siwx/,
    )
    expect((await getSiwxSession(server, { cookie })).body.session).toBeNull()
    // Idempotent.
    expect((await server.post('/v1/siwx/signout', {})).status).toBe(200)
  })

  test("behavior: signing in again replaces the caller's previous session", async () => {
    const server = await start()
    const first = await verify(server, await signedMessage(server))
    const cookie = cookieOf(first)
    const second = await fetch(`${server.url}/v1/siwx/verify`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(await signedMessage(server)),
    })
    expect(second.status).toBe(200)
    expect((await getSiwxSession(server, { cookie })).body.session).toBeNull()
    const next = second.headers.get('set-cookie')?.split(';')[0] ?? ''
    expect(next).not.toBe(cookie)
    expect((await getSiwxSession(server, { cookie: next })).body.session).not.toBeNull()
  })

  test('behavior: a replayed message is rejected (UNKNOWN_NONCE)', async () => {
    const server = await start()
    const signed = await signedMessage(server)
    expect((await verify(server, signed)).status).toBe(200)
    const replay = await verify(server, signed)
    expect(replay.status).toBe(401)
    expect(replay.body).toEqual({
      error: {
        name: 'SiwxVerificationError',
        message: 'Sign-in rejected: UNKNOWN_NONCE.',
        code: 'UNKNOWN_NONCE',
      },
    })
  })

  test('behavior: of concurrent verifies of one message exactly one succeeds', async () => {
    const server = await start()
    const signed = await signedMessage(server)
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(server, signed)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401, 401])
    for (const answer of answers.filter((answer) => answer.status === 401))
      expect(answer.body.error?.code).toBe('UNKNOWN_NONCE')
  })

  test.each([
    ['another domain', { domain: 'evil.test' }, 'DOMAIN_MISMATCH'],
    ['a subdomain', { domain: 'www.dapp.test' }, 'DOMAIN_MISMATCH'],
    ['a URI on another host', { uri: 'https://evil.test/login' }, 'URI_MISMATCH'],
    ['an http scheme', { scheme: 'http', uri: 'http://dapp.test/' }, 'SCHEME_MISMATCH'],
    ['a chain not allowed', { chainId: 'eip155:56' }, 'CHAIN_NOT_ALLOWED'],
    [
      'an expired message',
      { issuedAt: '2029-12-31T23:55:00.000Z', expirationTime: '2029-12-31T23:58:00.000Z' },
      'EXPIRED',
    ],
    ['a not-yet-valid message', { notBefore: '2030-01-01T01:00:00.000Z' }, 'NOT_YET_VALID'],
    ['a stale issuedAt', { issuedAt: '2029-12-31T00:00:00.000Z' }, 'ISSUED_AT_TOO_OLD'],
    ['another address', { accountAddress: bob.address }, 'INVALID_SIGNATURE'],
  ] as const)('behavior: %s is rejected (%s)', async (_, fields, code) => {
    const server = await start()
    const signed = await signedMessage(server, { fields })
    const answer = await verify(server, signed)
    expect(answer.status).toBe(401)
    expect(answer.body.error).toEqual({
      name: 'SiwxVerificationError',
      message: `Sign-in rejected: ${code}.`,
      code,
    })
    // A rejected attempt leaves no session and does not burn the nonce of a good message.
    expect(answer.body.token).toBeUndefined()
    expect(answer.headers.get('set-cookie')).toBeNull()
  })

  test('behavior: a message signed by someone else is rejected (INVALID_SIGNATURE)', async () => {
    const server = await start()
    const answer = await verify(server, await signedMessage(server, { signer: bob }))
    expect(answer.body.error?.code).toBe('INVALID_SIGNATURE')
  })

  test('behavior: an unknown nonce and a nonce of another server are rejected (UNKNOWN_NONCE)', async () => {
    const server = await start()
    const other = await start()
    const signed = await signedMessage(other)
    expect((await verify(server, signed)).body.error?.code).toBe('UNKNOWN_NONCE')
    const unknown = await signedMessage(server, { fields: { nonce: 'notIssuedHere12345678' } })
    expect((await verify(server, unknown)).body.error?.code).toBe('UNKNOWN_NONCE')
    // The other server still accepts its own nonce.
    expect((await verify(other, signed)).status).toBe(200)
  })

  test('behavior: a nonce expires after 10 minutes', async () => {
    const server = await start()
    const { body } = await server.get<{ nonce: string }>('/v1/siwx/nonce')
    server.clock.advance(10 * 60_000)
    const signed = await signedMessage(server, { fields: { nonce: body.nonce } })
    expect((await verify(server, signed)).body.error?.code).toBe('UNKNOWN_NONCE')
  })

  test('behavior: the session ends at the message expirationTime, or sessionTtlMs', async () => {
    const server = await start({
      ...siwxServerOptions,
      siwx: { '*': { domains: ['dapp.test'], chainIds: [1], sessionTtlMs: 2 * 60 * 60_000 } },
    })
    const inOneHour = new Date(server.clock.now() + 60 * 60_000).toISOString()
    const short = await verify(
      server,
      await signedMessage(server, { fields: { expirationTime: inOneHour } }),
    )
    const long = await verify(server, await signedMessage(server))
    expect(short.headers.get('set-cookie')).toContain('Max-Age=3600;')
    expect(long.headers.get('set-cookie')).toContain('Max-Age=7200;')
    const bearer = (answer: typeof short) => ({ authorization: `Bearer ${answer.body.token}` })
    server.clock.advance(60 * 60_000)
    expect((await getSiwxSession(server, bearer(short))).body.session).toBeNull()
    expect((await getSiwxSession(server, bearer(long))).body.session).not.toBeNull()
    server.clock.advance(60 * 60_000)
    expect((await getSiwxSession(server, bearer(long))).body.session).toBeNull()
  })

  test('behavior: bad bodies are InvalidRequestError', async () => {
    const server = await start()
    const answer = await server.post('/v1/siwx/verify', { message: 'hi' })
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { name: 'InvalidRequestError', code: -32602 } },
    })
  })
})
