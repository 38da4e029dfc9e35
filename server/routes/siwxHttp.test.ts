import { describe, expect, test } from 'vitest'
import {
  signedMessage,
  siwxServerOptions,
  siwxServerStarter,
} from '../../test/harness/signIn.fixture'
import type { TestServer } from '../../test/harness/startTestServer'

const start = siwxServerStarter()

function preflight(server: TestServer, origin: string, path = '/v1/siwx/verify') {
  return fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    },
  })
}

describe('/v1/siwx CORS', () => {
  test('default: an allowed origin gets CORS with credentials', async () => {
    const server = await start()
    const response = await preflight(server, 'https://dapp.test')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://dapp.test')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,authorization')
    const get = await fetch(`${server.url}/v1/siwx/session`, {
      headers: { origin: 'https://dapp.test' },
    })
    expect(get.status).toBe(200)
    expect(get.headers.get('access-control-allow-origin')).toBe('https://dapp.test')
    expect(get.headers.get('vary')).toContain('Origin')
  })

  test('behavior: an unlisted origin is refused: no CORS headers, 403', async () => {
    const server = await start()
    for (const origin of [
      'https://evil.test',
      'http://dapp.test',
      'https://dapp.test.evil',
      'null',
    ]) {
      const response = await preflight(server, origin)
      expect(response.status).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect(await response.json()).toEqual({
        error: { name: 'OriginNotAllowedError', message: 'Unauthorized: origin not allowed' },
      })
    }
    const signed = await signedMessage(server)
    const post = await fetch(`${server.url}/v1/siwx/verify`, {
      method: 'POST',
      headers: { origin: 'https://evil.test', 'content-type': 'application/json' },
      body: JSON.stringify(signed),
    })
    expect(post.status).toBe(403)
    expect(post.headers.get('access-control-allow-origin')).toBeNull()
    expect(post.headers.get('set-cookie')).toBeNull()
  })

  test('behavior: errors to an allowed origin carry CORS headers (the page can read them)', async () => {
    const server = await start()
    const response = await fetch(`${server.url}/v1/siwx/verify`, {
      method: 'POST',
      headers: { origin: 'https://dapp.test', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x', signature: '0x' }),
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://dapp.test')
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'INVALID_MESSAGE',
    )
  })

  test("behavior: origins are the project's own", async () => {
    const server = await start({
      ...siwxServerOptions,
      allowedOrigins: { app1: ['https://one.test'], app2: ['https://two.test'] },
    })
    const one = (await preflight(server, 'https://one.test', '/v1/projects/app1/siwx/verify'))
      .status
    const cross = (await preflight(server, 'https://two.test', '/v1/projects/app1/siwx/verify'))
      .status
    const anyProject = (await preflight(server, 'https://one.test')).status
    expect([one, cross, anyProject]).toEqual([204, 403, 403])
  })
})

describe('/v1/siwx cookie', () => {
  test('behavior: over https the cookie is Secure, SameSite=None and Partitioned', async () => {
    const server = await start({ ...siwxServerOptions, publicUrl: 'https://auth.example' })
    const signed = await signedMessage(server)
    const verified = await server.post('/v1/siwx/verify', signed)
    expect(verified.status).toBe(200)
    expect(verified.headers.get('set-cookie')).toMatch(
      /^latchkey_siwx=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/v1\/siwx; HttpOnly; Secure; SameSite=None; Partitioned$/,
    )
  })
})
