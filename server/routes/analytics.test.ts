import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'

const event = {
  eventId: '5b6f0c1e-8f7a-4d8e-9a41-3f1f2c0d9e10',
  url: 'https://shop.test/checkout?step=2',
  domain: 'shop.test',
  timestamp: 1_893_456_000_000,
  props: {
    type: 'track',
    event: 'MODAL_OPEN',
    address: '0x00000000000000000000000000000000000000aa',
  },
}

interface Post {
  body?: unknown
  origin?: string | undefined
  contentType?: string
  query?: string
}

async function post(server: TestServer, { body = event, origin, contentType, query }: Post = {}) {
  const headers: Record<string, string> = {
    'content-type': contentType ?? 'application/json',
  }
  if (origin !== undefined) headers.origin = origin
  const response = await fetch(
    `${server.url}/e?${query ?? 'projectId=shop&st=latchkey&sv=0.1.0'}`,
    { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) },
  )
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body:
      text === '' ? undefined : (JSON.parse(text) as { error: { name: string; message: string } }),
  }
}

const stored = (server: TestServer, projectId = 'shop') =>
  server.server.context.storage.analyticsEvents.list(projectId, 100)

const options = {
  directory: {},
  allowedOrigins: { shop: ['https://shop.test'], '*': ['http://127.0.0.1:*'] },
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    ...options,
    rateLimits: { analyticsPerAddress: { limit: 1_000, windowMs: 60_000 } },
  })
})
afterAll(async () => {
  await server?.close()
})

describe('POST /e (SPEC §7 analytics)', () => {
  test('default: an event from an allowed origin is stored with its project, origin and sdk', async () => {
    const answer = await post(server, { origin: 'https://shop.test' })
    expect(answer.status).toBe(204)
    expect(await stored(server)).toEqual([
      {
        projectId: 'shop',
        eventId: event.eventId,
        url: event.url,
        domain: 'shop.test',
        origin: 'https://shop.test',
        timestamp: event.timestamp,
        props: JSON.stringify(event.props),
        sdkType: 'latchkey',
        sdkVersion: '0.1.0',
        receivedAt: server.clock.now(),
      },
    ])
  })

  test('behavior: a resent event is stored once; a text/plain beacon is read as JSON', async () => {
    const eventId = 'resent-1'
    for (let round = 0; round < 2; round++)
      expect(
        (await post(server, { origin: 'https://shop.test', body: { ...event, eventId } })).status,
      ).toBe(204)
    const beacon = await post(server, {
      origin: 'https://shop.test',
      contentType: 'text/plain;charset=UTF-8',
      body: { ...event, eventId: 'beacon-1' },
    })
    expect(beacon.status).toBe(204)
    const ids = (await stored(server)).map((row) => row.eventId)
    expect(ids.filter((id) => id === eventId)).toHaveLength(1)
    expect(ids).toContain('beacon-1')
  })

  test('error: an origin not allowed for the project gets a 403 the page can read, and nothing is stored', async () => {
    const before = (await stored(server)).length
    const answer = await post(server, {
      origin: 'https://evil.test',
      body: { ...event, eventId: 'evil-1' },
    })
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({
      error: { name: 'OriginNotAllowedError', message: 'Unauthorized: origin not allowed' },
    })
    // Readable cross-origin: the modal shows its allowlist alert from this answer (SPEC §7).
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    // Another project's allowed origin is not this project's.
    const other = await post(server, {
      origin: 'http://127.0.0.1:3000',
      body: { ...event, eventId: 'evil-2' },
    })
    expect(other.status).toBe(403)
    expect((await stored(server)).length).toBe(before)
  })

  test('error: without an Origin, the page the event names must be allowed', async () => {
    const foreign = await post(server, {
      body: { ...event, eventId: 'no-origin-1', url: 'https://evil.test/' },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body?.error.name).toBe('OriginNotAllowedError')
    expect((await stored(server)).map((row) => row.eventId)).not.toContain('no-origin-1')
    const own = await post(server, { body: { ...event, eventId: 'no-origin-2' } })
    expect(own.status).toBe(204)
    expect((await stored(server)).find((row) => row.eventId === 'no-origin-2')?.origin).toBeNull()
  })

  test('default: the CORS preflight of any page is answered (the POST itself is checked)', async () => {
    const response = await fetch(`${server.url}/e?projectId=shop`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
  })

  test('error: malformed requests are a typed 400 and store nothing', async () => {
    const before = (await stored(server)).length
    const origin = 'https://shop.test'
    const cases: Array<[Post, string]> = [
      [{ body: '{"eventId":', origin }, 'Invalid request: The body is not valid JSON.'],
      [
        { body: 'eventId=1', origin, contentType: 'application/x-www-form-urlencoded' },
        'Invalid request: Expected a JSON body (content-type: application/json).',
      ],
      [
        { body: { ...event, eventId: undefined }, origin },
        'Invalid request: eventId: Invalid input: expected string, received undefined',
      ],
      [
        { body: { ...event, eventId: 'has space' }, origin },
        'Invalid request: eventId: Expected 1–128 letters, digits, _ or -.',
      ],
      [
        { body: { ...event, url: 'javascript:alert(1)' }, origin },
        'Invalid request: url: Expected an http(s) URL.',
      ],
      [
        { body: { ...event, domain: 'shop.test/<x>' }, origin },
        'Invalid request: domain: Expected a host name.',
      ],
      [
        { body: { ...event, timestamp: '2030-01-01' }, origin },
        'Invalid request: timestamp: Invalid input: expected number, received string',
      ],
      [
        { body: { ...event, props: ['MODAL_OPEN'] }, origin },
        'Invalid request: props: Invalid input: expected record, received array',
      ],
      [{ body: { ...event, extra: 1 }, origin }, 'Invalid request: Unrecognized key: "extra"'],
      [
        { body: [event], origin },
        'Invalid request: Invalid input: expected object, received array',
      ],
      [
        { origin, query: 'st=latchkey' },
        'Invalid request: projectId: Invalid input: expected string, received undefined',
      ],
      [
        { body: { ...event, props: { blob: 'x'.repeat(17 * 1024) } }, origin },
        'Invalid request: The body is larger than 16 KiB.',
      ],
    ]
    for (const [request, message] of cases) {
      const answer = await post(server, request)
      expect(answer.status, message).toBe(400)
      expect(answer.body?.error, message).toEqual({
        name: 'InvalidRequestError',
        message,
        code: -32602,
      })
    }
    expect((await stored(server)).length).toBe(before)
  })
})

describe('GET /getAnalyticsConfig', () => {
  test('default: analytics is on', async () => {
    expect((await server.get('/getAnalyticsConfig?projectId=shop')).body).toEqual({
      isAnalyticsEnabled: true,
    })
  })

  test('behavior: with analytics off the config says so and events are not stored', async () => {
    const off = await startTestServer({ ...options, directory: { analytics: false } })
    try {
      expect((await off.get('/getAnalyticsConfig')).body).toEqual({ isAnalyticsEnabled: false })
      expect((await post(off, { origin: 'https://shop.test' })).status).toBe(204)
      expect(await stored(off)).toEqual([])
      // The origin check still answers, so a misconfigured dapp still learns of it.
      expect((await post(off, { origin: 'https://evil.test' })).status).toBe(403)
    } finally {
      await off.close()
    }
  })

  test('error: events over the per-address budget are a 429 RateLimitedError', async () => {
    const limited = await startTestServer({
      ...options,
      rateLimits: { analyticsPerAddress: { limit: 2, windowMs: 60_000 } },
    })
    try {
      for (const eventId of ['a1', 'a2'])
        expect(
          (await post(limited, { origin: 'https://shop.test', body: { ...event, eventId } }))
            .status,
        ).toBe(204)
      const third = await post(limited, {
        origin: 'https://shop.test',
        body: { ...event, eventId: 'a3' },
      })
      expect(third.status).toBe(429)
      expect(third.body?.error.name).toBe('RateLimitedError')
      expect((await stored(limited)).map((row) => row.eventId).sort()).toEqual(['a1', 'a2'])
      limited.clock.advance(60_000)
      expect(
        (await post(limited, { origin: 'https://shop.test', body: { ...event, eventId: 'a3' } }))
          .status,
      ).toBe(204)
    } finally {
      await limited.close()
    }
  })
})
