import { expect, test } from 'vitest'
import { createLatchkeyServer } from './createLatchkeyServer'

const quiet = { info: () => {}, warn: () => {} }

test('default: in-memory server answers health, 404s as JSON, and takes extra routes', async () => {
  const server = await createLatchkeyServer({ databaseUrl: ':memory:', logger: quiet })
  server.app.get('/extra', (c) => {
    const projectId = c.req.query('projectId') ?? ''
    const sources = server.context.originPolicy.getAllowedOrigins(projectId)
    c.header('content-security-policy', `frame-ancestors ${sources.join(' ')}`)
    return c.html('<!doctype html>')
  })
  expect(await (await server.app.request('/health')).json()).toEqual({ ok: true })
  expect(await (await server.app.request('/v1/origins?projectId=p')).json()).toEqual({
    allowedOrigins: [
      'http://127.0.0.1:*',
      'http://localhost:*',
      'http://*.test:*',
      'https://*.test:*',
    ],
  })
  const missing = await server.app.request('/v1/nope')
  expect(missing.status).toBe(404)
  expect(await missing.json()).toEqual({ error: { name: 'NotFound', message: 'Not found' } })
  const extra = await server.app.request('/extra?projectId=p')
  expect(extra.headers.get('content-security-policy')).toBe(
    'frame-ancestors http://127.0.0.1:* http://localhost:* http://*.test:* https://*.test:*',
  )
  await server.close()
})

test('behavior: a host beyond loopback needs a master key', async () => {
  await expect(
    createLatchkeyServer({ databaseUrl: ':memory:', host: '0.0.0.0', logger: quiet }),
  ).rejects.toThrowError(
    'Invalid option "masterKey": Required when the host is not loopback: development keys are for local use only.',
  )
})

test('behavior: errors never leak internals; unknown failures are 500 "An error occurred"', async () => {
  const warnings: string[] = []
  const server = await createLatchkeyServer({
    databaseUrl: ':memory:',
    logger: { info: () => {}, warn: (message) => void warnings.push(message) },
  })
  server.app.get('/boom', () => {
    throw new TypeError('secret internals')
  })
  const answer = await server.app.request('/boom')
  expect(answer.status).toBe(500)
  expect(await answer.json()).toEqual({
    error: { name: 'InternalError', message: 'An error occurred' },
  })
  expect(warnings.join('\n')).toContain('secret internals')
  await server.close()
})
