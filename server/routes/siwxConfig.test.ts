import { describe, expect, test } from 'vitest'
import type { SiwxMessage } from '../../src/siwx/types'
import {
  getSiwxSession,
  signedMessage,
  siwxServerOptions,
  siwxServerStarter,
  verify,
} from '../../test/harness/signIn.fixture'

const start = siwxServerStarter()

describe('/v1/siwx configuration', () => {
  test('behavior: no siwx options: every endpoint fails closed with a 501 SiwxNotConfiguredError saying how to enable it', async () => {
    const server = await start({ allowedOrigins: siwxServerOptions.allowedOrigins })
    const expected = {
      status: 501,
      body: {
        error: {
          name: 'SiwxNotConfiguredError',
          message:
            'Sign-in is not configured on this server for this project. Enable it with `latchkey serve --siwx-domain <host>` (LATCHKEY_SIWX_DOMAIN) or the server option `siwx: { "*": { domains: ["<host>"] } }`.',
        },
      },
    }
    expect(await server.get('/v1/siwx/nonce')).toMatchObject(expected)
    expect(await server.get('/v1/siwx/session')).toMatchObject(expected)
    expect(await server.post('/v1/siwx/signout', {})).toMatchObject(expected)
    // Even a well-signed message with a nonce from a configured server is not accepted.
    const configured = await start()
    const signed = await signedMessage(configured)
    expect(await verify(server, signed)).toMatchObject(expected)
  })

  test('behavior: options of one project apply at /v1/projects/:projectId/siwx only', async () => {
    const server = await start({
      ...siwxServerOptions,
      siwx: { app1: { domains: ['dapp.test'], chainIds: [1] } },
    })
    expect((await server.get('/v1/siwx/nonce')).status).toBe(501)
    // A project id the options do not name is not found (issue 8, item 15).
    expect((await server.get('/v1/projects/app2/siwx/nonce')).status).toBe(404)
    const base = '/v1/projects/app1/siwx'
    const verified = await verify(server, await signedMessage(server, { base }), base)
    expect(verified.status).toBe(200)
    expect(verified.headers.get('set-cookie')).toContain('Path=/v1/projects/app1/siwx;')
    const bearer = { authorization: `Bearer ${verified.body.token}` }
    expect((await getSiwxSession(server, bearer, base)).body.session).not.toBeNull()
  })

  test('behavior: a projectId over 200 characters is an InvalidRequestError', async () => {
    const server = await start()
    const answer = await server.get(`/v1/projects/${'p'.repeat(201)}/siwx/nonce`)
    expect(answer).toMatchObject({ status: 400, body: { error: { name: 'InvalidRequestError' } } })
  })

  test('behavior: nonces and sessions are bound to their project', async () => {
    const server = await start({
      ...siwxServerOptions,
      siwx: { '*': { domains: ['dapp.test'], chainIds: [1] } },
    })
    const a = '/v1/projects/a/siwx'
    const b = '/v1/projects/b/siwx'
    const signed = await signedMessage(server, { base: a })
    expect((await verify(server, signed, b)).body.error?.code).toBe('UNKNOWN_NONCE')
    const verified = await verify(server, signed, a)
    expect(verified.status).toBe(200)
    const bearer = { authorization: `Bearer ${verified.body.token}` }
    expect((await getSiwxSession(server, bearer, b)).body.session).toBeNull()
    expect((await getSiwxSession(server, bearer, a)).body.session).not.toBeNull()
  })

  test.each([
    ['cookie', true, false],
    ['bearer', false, true],
  ] as const)('parameters: credentials %s', async (credentials, hasCookie, hasToken) => {
    const server = await start({
      ...siwxServerOptions,
      siwx: { '*': { domains: ['dapp.test'], chainIds: [1], credentials } },
    })
    const verified = await verify(server, await signedMessage(server))
    expect(verified.status).toBe(200)
    expect(verified.headers.get('set-cookie') !== null).toBe(hasCookie)
    expect(verified.body.token !== undefined).toBe(hasToken)
  })

  test('behavior: options are validated at start', async () => {
    await expect(
      start({ siwx: { '*': { domains: ['https://dapp.test'] } } }),
    ).rejects.toMatchObject({ name: 'OptionsValidationError' })
    await expect(start({ siwx: { '*': { domains: [] } } })).rejects.toMatchObject({
      name: 'OptionsValidationError',
    })
    await expect(
      start({ siwx: { '*': { domains: ['dapp.test'], nonceTtlMs: 11 * 60_000 } } }),
    ).rejects.toMatchObject({ name: 'OptionsValidationError' })
  })

  test('parameters: several domains and exact uris', async () => {
    const server = await start({
      ...siwxServerOptions,
      siwx: {
        '*': {
          domains: ['dapp.test', 'app.dapp.test:8443'],
          uris: ['https://app.dapp.test:8443/', 'https://dapp.test/login'],
          chainIds: [1],
        },
      },
    })
    const code = async (fields: Partial<SiwxMessage>) =>
      (await verify(server, await signedMessage(server, { fields }))).body.error?.code ?? 'ok'
    expect(await code({})).toBe('ok')
    expect(await code({ domain: 'app.dapp.test:8443', uri: 'https://app.dapp.test:8443/' })).toBe(
      'ok',
    )
    expect(await code({ uri: 'https://dapp.test/other' })).toBe('URI_MISMATCH')
    expect(await code({ domain: 'app.dapp.test', uri: 'https://app.dapp.test:8443/' })).toBe(
      'DOMAIN_MISMATCH',
    )
  })

  test('behavior: nonces are rate limited per client address (60 a minute)', async () => {
    const server = await start()
    for (let i = 0; i < 60; i++) expect((await server.get('/v1/siwx/nonce')).status).toBe(200)
    const limited = await server.get('/v1/siwx/nonce')
    expect(limited).toMatchObject({ status: 429, body: { error: { name: 'RateLimitedError' } } })
    server.clock.advance(60_000)
    expect((await server.get('/v1/siwx/nonce')).status).toBe(200)
  })
})
