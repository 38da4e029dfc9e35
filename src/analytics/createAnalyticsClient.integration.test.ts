import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import type { OriginNotAllowedError } from '../errors/OriginNotAllowedError'
import { parseOptions } from '../schemas/parseOptions'
import { version } from '../version'
import { type AnalyticsPage, createAnalyticsClient } from './createAnalyticsClient'
import { createAnalyticsTracker } from './createAnalyticsTracker'

const shopPage: AnalyticsPage = { href: 'https://shop.test/checkout?step=2', host: 'shop.test' }
const evilPage: AnalyticsPage = { href: 'https://evil.test/', host: 'evil.test' }
const address = '0x00000000000000000000000000000000000000aa'

/** The real fetch, with every request it makes written down. */
function countingFetch() {
  const requests: string[] = []
  const counted: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
    return fetch(input, init)
  }
  return { fetch: counted, requests }
}

const stored = (server: TestServer, projectId = 'shop') =>
  server.server.context.storage.analyticsEvents.list(projectId, 100)

const serverOptions = {
  allowedOrigins: { shop: ['https://shop.test'] },
  rateLimits: { analyticsPerAddress: { limit: 1_000, windowMs: 60_000 } },
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ ...serverOptions, directory: {} })
})
afterAll(async () => {
  await server?.close()
})

describe('createAnalyticsClient against latchkey serve (SPEC §7)', () => {
  test('default: an event is stored with its id, page, time, project, sdk and props (data plus address)', async () => {
    const { fetch, requests } = countingFetch()
    const client = createAnalyticsClient({
      url: `${server.url}/`,
      projectId: 'shop',
      fetch,
      page: () => shopPage,
    })
    const before = Date.now()
    const result = await client.send({
      event: 'CONNECT_SUCCESS',
      properties: { method: 'browser', name: 'Latchkey Test Wallet', skipped: undefined },
      address,
    })
    expect(result).toBe('sent')
    expect(client.status).toBe('on')
    const rows = await stored(server)
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(row?.eventId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(row).toMatchObject({
      projectId: 'shop',
      url: shopPage.href,
      domain: 'shop.test',
      origin: null,
      sdkType: 'latchkey',
      sdkVersion: version,
    })
    expect(row?.timestamp).toBeGreaterThanOrEqual(before)
    expect(row?.timestamp).toBeLessThanOrEqual(Date.now())
    expect(JSON.parse(row?.props ?? '{}')).toEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'browser', name: 'Latchkey Test Wallet' },
      address,
    })

    // the config is read once; every event gets its own id
    await client.send({ event: 'MODAL_CLOSE' })
    expect(requests).toEqual(['GET /getAnalyticsConfig', 'POST /e', 'POST /e'])
    const ids = (await stored(server)).map((r) => r.eventId)
    expect(new Set(ids).size).toBe(2)
  })

  test('behavior: MODAL_CREATED is never sent, nor anything outside a browser', async () => {
    const { fetch, requests } = countingFetch()
    const before = (await stored(server)).length
    const client = createAnalyticsClient({
      url: server.url,
      projectId: 'shop',
      fetch,
      page: () => shopPage,
    })
    expect(await client.send({ event: 'MODAL_CREATED' })).toBe('skipped')
    // the default page is the browser's location: there is none under node
    const outside = createAnalyticsClient({ url: server.url, projectId: 'shop', fetch })
    expect(await outside.send({ event: 'MODAL_OPEN' })).toBe('skipped')
    expect(requests).toEqual([])
    expect((await stored(server)).length).toBe(before)
  })

  test('behavior: `enabled: false` (features.analytics) asks and sends nothing', async () => {
    const { fetch, requests } = countingFetch()
    const client = createAnalyticsClient({
      url: server.url,
      projectId: 'shop',
      fetch,
      enabled: false,
      page: () => shopPage,
    })
    expect(await client.send({ event: 'MODAL_OPEN' })).toBe('skipped')
    expect(client.status).toBe('off')
    expect(requests).toEqual([])
  })

  test('error: a 403 (origin not on the allowlist) turns it off and reports once', async () => {
    const { fetch, requests } = countingFetch()
    const reports: OriginNotAllowedError[] = []
    const before = (await stored(server)).length
    const client = createAnalyticsClient({
      url: server.url,
      projectId: 'shop',
      fetch,
      page: () => evilPage,
      onNotAllowed: (error) => reports.push(error),
    })
    const results = await Promise.all([
      client.send({ event: 'MODAL_OPEN' }),
      client.send({ event: 'MODAL_CLOSE' }),
    ])
    expect(results).toEqual(['failed', 'failed'])
    await client.send({ event: 'MODAL_OPEN' })
    expect(client.status).toBe('off')
    expect(reports).toHaveLength(1)
    expect(reports[0]?.name).toBe('OriginNotAllowedError')
    expect(reports[0]?.message).toContain('Origin: https://evil.test')
    // the two events already under way went out; nothing after the 403
    expect(requests).toEqual(['GET /getAnalyticsConfig', 'POST /e', 'POST /e'])
    expect((await stored(server)).length).toBe(before)
  })

  test('error: a config call that fails (server down, 404, 500, disabled, not JSON) turns it off', async () => {
    const down = await startTestServer({ ...serverOptions, directory: {} })
    const downUrl = down.url
    await down.close()
    const disabled = await startTestServer({ ...serverOptions, directory: { analytics: false } })
    const broken: Server = createServer((request, response) => {
      if (request.url?.startsWith('/bad/')) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"isAnalyticsEnabled":')
        return
      }
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end('{"isAnalyticsEnabled":true}')
    })
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve))
    const brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`
    try {
      for (const url of [
        downUrl,
        `${server.url}/missing`,
        brokenUrl,
        `${brokenUrl}/bad`,
        disabled.url,
      ]) {
        const { fetch, requests } = countingFetch()
        const client = createAnalyticsClient({
          url,
          projectId: 'shop',
          fetch,
          page: () => shopPage,
        })
        expect(await client.send({ event: 'MODAL_OPEN' }), url).toBe('skipped')
        expect(await client.send({ event: 'CONNECT_SUCCESS' }), url).toBe('skipped')
        expect(client.status, url).toBe('off')
        // asked once, then nothing more
        const prefix = new URL(url).pathname.replace(/\/$/, '')
        expect(requests, url).toEqual([`GET ${prefix}/getAnalyticsConfig`])
      }
      expect(await stored(disabled)).toEqual([])
    } finally {
      await disabled.close()
      await new Promise((resolve) => broken.close(resolve))
    }
  })

  test('error: bad answers and broken parts never throw into the app', async () => {
    const reports: unknown[] = []
    const cases = [
      // fetch itself throws, synchronously
      createAnalyticsClient({
        url: server.url,
        fetch: () => {
          throw new TypeError('fetch is not a function')
        },
        page: () => shopPage,
      }),
      // the page cannot be read
      createAnalyticsClient({
        url: server.url,
        page: () => {
          throw new Error('SecurityError')
        },
      }),
      // the host's callback throws on the 403
      createAnalyticsClient({
        url: server.url,
        projectId: 'shop',
        page: () => evilPage,
        onNotAllowed: (error) => {
          reports.push(error)
          throw new Error('host bug')
        },
      }),
      // an event the endpoint refuses (400: no project id)
      createAnalyticsClient({ url: server.url, page: () => shopPage }),
    ]
    const results = await Promise.all(cases.map((client) => client.send({ event: 'MODAL_OPEN' })))
    expect(results).toEqual(['skipped', 'failed', 'failed', 'failed'])
    expect(reports).toHaveLength(1)
  })
})

describe('createAnalyticsTracker (the host options)', () => {
  test('default: without an `analytics` endpoint nothing is asked or sent', async () => {
    const { fetch, requests } = countingFetch()
    const tracker = createAnalyticsTracker({ fetch, page: () => shopPage })
    const none = parseOptions({ projectId: 'shop' })
    const off = parseOptions({
      projectId: 'shop',
      analytics: { url: server.url },
      features: { analytics: false },
    })
    for (const options of [none, off])
      for (const event of ['MODAL_OPEN', 'CONNECT_SUCCESS', 'MODAL_CLOSE'] as const)
        expect(await tracker.track(options, { event })).toBe('skipped')
    expect(requests).toEqual([])
  })

  test('behavior: with an endpoint, events go there; a new endpoint gets its own config call', async () => {
    const { fetch, requests } = countingFetch()
    const tracker = createAnalyticsTracker({ fetch, page: () => shopPage })
    const options = parseOptions({ projectId: 'shop', analytics: { url: server.url } })
    expect(
      await tracker.track(options, { event: 'SWITCH_NETWORK', properties: { chainId: 56 } }),
    ).toBe('sent')
    expect(await tracker.track(options, { event: 'MODAL_CLOSE' })).toBe('sent')
    const other = await startTestServer({ ...serverOptions, directory: {} })
    try {
      const moved = parseOptions({ projectId: 'shop', analytics: { url: other.url } })
      expect(await tracker.track(moved, { event: 'MODAL_OPEN' })).toBe('sent')
      expect(requests).toEqual([
        'GET /getAnalyticsConfig',
        'POST /e',
        'POST /e',
        'GET /getAnalyticsConfig',
        'POST /e',
      ])
      expect((await stored(other)).map((row) => JSON.parse(row.props).event)).toEqual([
        'MODAL_OPEN',
      ])
    } finally {
      await other.close()
    }
  })
})
