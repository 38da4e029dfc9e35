import { mkdtempSync, rmSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { createLatchkeyServer } from './createLatchkeyServer'
import { parseServerOptions } from './options'

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

describe('listen(): slow and idle sockets (issue 8, item 15)', () => {
  const open = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket))
      socket.once('error', reject)
    })
  // Resolves with the ms until the server closed the socket (and what it wrote meanwhile).
  const closed = (socket: Socket) => {
    const started = Date.now()
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString()
    })
    return new Promise<{ ms: number; received: string }>((resolve) =>
      socket.once('close', () => resolve({ ms: Date.now() - started, received })),
    )
  }

  test('behavior: a slowloris (headers trickled) and an idle socket are closed by the header timeout', async () => {
    const server = await createLatchkeyServer({ databaseUrl: ':memory:', logger: quiet })
    const listening = await server.listen({
      port: 0,
      headersTimeoutMs: 500,
      requestTimeoutMs: 1_000,
    })
    try {
      const slow = await open(listening.port)
      const slowClosed = closed(slow)
      slow.write('GET /health HTTP/1.1\r\nHost: x\r\n')
      const trickle = setInterval(() => slow.writable && slow.write('X-Slow: a\r\n'), 100)
      const idle = await open(listening.port)
      const idleClosed = closed(idle)
      const [slowResult, idleResult] = await Promise.all([slowClosed, idleClosed])
      clearInterval(trickle)
      expect(slowResult.ms).toBeLessThan(3_000)
      expect(slowResult.received).toMatch(/^HTTP\/1\.1 408/)
      expect(idleResult.ms).toBeLessThan(3_000)
    } finally {
      await server.close()
    }
  })

  test('behavior: a kept-alive socket idle after its response is closed by the keep-alive timeout', async () => {
    const server = await createLatchkeyServer({
      databaseUrl: ':memory:',
      logger: quiet,
      http: { keepAliveTimeoutMs: 300 },
    })
    const listening = await server.listen({ port: 0 })
    try {
      const socket = await open(listening.port)
      const done = closed(socket)
      socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n')
      const { ms, received } = await done
      expect(received).toMatch(/^HTTP\/1\.1 200/)
      expect(ms).toBeLessThan(2_000)
    } finally {
      await server.close()
    }
  })

  test('behavior: sockets over maxConnections are refused', async () => {
    const server = await createLatchkeyServer({ databaseUrl: ':memory:', logger: quiet })
    const listening = await server.listen({ port: 0, maxConnections: 1 })
    try {
      const first = await open(listening.port)
      const second = await open(listening.port)
      const { received } = await closed(second)
      expect(received).toBe('')
      first.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      expect((await closed(first)).received).toMatch(/^HTTP\/1\.1 200/)
    } finally {
      await server.close()
    }
  })

  test('default: safe socket limits', () => {
    expect(parseServerOptions().http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1024,
      shutdownTimeoutMs: 10_000,
    })
  })
})

test('behavior: the SQLite file (and a dev key file) are created readable by their owner only', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-mode-'))
  try {
    const path = join(dir, 'latchkey.db')
    const server = await createLatchkeyServer({ databaseUrl: `file:${path}`, logger: quiet })
    await server.app.request('/health')
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    // SQLite gives its write-ahead log the database file's mode.
    expect((await stat(`${path}-wal`)).mode & 0o777).toBe(0o600)
    expect((await stat(`${path}.master-key`)).mode & 0o777).toBe(0o600)
    await server.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
