import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDirectoryClient } from '../directory/createDirectoryClient'
import { DirectoryUnavailableError } from '../errors/DirectoryUnavailableError'
import { version } from '../version'
import { createWalletDirectoryStore } from './createWalletDirectoryStore'

// A directory on a real loopback port: 95 wallets, answering SPEC §7's getWallets. Each test can
// make it fail or stall through the `mode` below; every request is recorded.
const all = Array.from({ length: 95 }, (_, index) => ({
  id: `w${index}`,
  name: index === 7 ? 'Rainbow Wallet' : `Wallet ${index}`,
  image_id: `img${index}`,
}))
let mode: 'ok' | 'http503' | 'garbage' | 'stall' | 'huge' = 'ok'
const requests: URL[] = []
let server: Server
let url: string

function answer(query: URLSearchParams) {
  const page = Number(query.get('page'))
  const entries = Number(query.get('entries'))
  const search = query.get('search')?.toLowerCase()
  const matching = search ? all.filter((wallet) => wallet.name.toLowerCase().includes(search)) : all
  return { data: matching.slice((page - 1) * entries, page * entries), count: matching.length }
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    const requestUrl = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push(requestUrl)
    if (mode === 'stall') return
    if (mode === 'http503') return response.writeHead(503).end()
    if (mode === 'huge') {
      // 5 MiB of valid JSON, streamed without a length (plan I3)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"count":1,"data":[{"id":"w","name":"')
      for (let i = 0; i < 5; i++) response.write('x'.repeat(1024 * 1024))
      return response.end('"}]}')
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(mode === 'garbage' ? '{"data":' : JSON.stringify(answer(requestUrl.searchParams)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('createDirectoryClient', () => {
  test('default: every query carries the project, SDK type and version and the filters', async () => {
    mode = 'ok'
    requests.length = 0
    const client = createDirectoryClient({ url, projectId: 'shop' })
    const { wallets, count } = await client.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      search: ' rain ',
      badgeType: 'certified',
      chains: ['eip155:1', 'eip155:56'],
    })
    expect(count).toBe(1)
    expect(wallets).toEqual([])
    const query = Object.fromEntries(requests[0]?.searchParams ?? [])
    expect(requests[0]?.pathname).toBe('/getWallets')
    expect(query).toEqual({
      projectId: 'shop',
      st: 'latchkey',
      sv: version,
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      search: 'rain',
      badge_type: 'certified',
      chains: 'eip155:1,eip155:56',
    })
    expect(client.getWalletImageUrl({ id: 'x', name: 'X', image_id: 'img 1' })).toBe(
      `${url.slice(0, -1)}/getWalletImage/img%201?projectId=shop&st=latchkey&sv=${version}`,
    )
  })

  test.each([
    ['http503', 'http 503'],
    ['garbage', 'invalid answer'],
    // I3: a huge answer is refused before it is parsed, not read whole
    ['huge', 'too large'],
  ] as const)('error: a %s answer is a DirectoryUnavailableError (%s)', async (failure, reason) => {
    mode = failure
    const error = await createDirectoryClient({ url })
      .getWallets({ page: 1, entries: 40 })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DirectoryUnavailableError)
    expect(error).toMatchObject({ reason })
  })

  test('error: an unreachable or stalled directory fails with its reason', async () => {
    const unreachable = await createDirectoryClient({ url: 'http://127.0.0.1:9/' })
      .getWallets({ page: 1, entries: 40 })
      .catch((caught: unknown) => caught)
    expect(unreachable).toMatchObject({ name: 'DirectoryUnavailableError', reason: 'network' })
    mode = 'stall'
    const stalled = await createDirectoryClient({ url, timeoutMs: 200 })
      .getWallets({ page: 1, entries: 40 })
      .catch((caught: unknown) => caught)
    expect(stalled).toMatchObject({ name: 'DirectoryUnavailableError', reason: 'timeout' })
  })
})

describe('createWalletDirectoryStore', () => {
  test('behavior: reads pages of 40 on demand and prefetches the first 20 images of each', async () => {
    mode = 'ok'
    const prefetched: string[] = []
    const store = createWalletDirectoryStore({
      client: createDirectoryClient({ url }),
      prefetchImage: (image) => prefetched.push(image),
    })
    store.loadMore()
    await until(() => store.getState().status === 'ready')
    expect(store.getState().wallets).toHaveLength(40)
    expect(store.getState().count).toBe(95)
    expect(prefetched).toHaveLength(20)
    expect(prefetched[0]).toContain('/getWalletImage/img0?')
    store.loadMore()
    await until(() => store.getState().page === 2)
    store.loadMore()
    await until(() => store.getState().page === 3)
    expect(store.getState().wallets).toHaveLength(95)
    expect(prefetched).toHaveLength(55)
    store.dispose()
  })

  test('error: a directory that fails shows as failed, not as 0 wallets, and retry reads again', async () => {
    mode = 'http503'
    const store = createWalletDirectoryStore({ client: createDirectoryClient({ url }) })
    store.loadMore()
    await until(() => store.getState().status === 'failed')
    expect(store.getState().error).toBeInstanceOf(DirectoryUnavailableError)
    expect(store.getState().count).toBeUndefined()
    mode = 'ok'
    store.retry()
    await until(() => store.getState().status === 'ready')
    expect(store.getState().wallets).toHaveLength(40)
    store.dispose()
  })

  test('behavior: typing searches once, 300 ms after the last key, for 100 entries', async () => {
    mode = 'ok'
    const store = createWalletDirectoryStore({ client: createDirectoryClient({ url }) })
    requests.length = 0
    const started = Date.now()
    for (const query of ['r', 'ra', 'rai', 'rain']) store.search(query)
    expect(store.getState().search.status).toBe('waiting')
    await until(() => store.getState().search.status === 'ready')
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(requests).toHaveLength(1)
    expect(requests[0]?.searchParams.get('search')).toBe('rain')
    expect(requests[0]?.searchParams.get('entries')).toBe('100')
    expect(store.getState().search.wallets.map((wallet) => wallet.name)).toEqual(['Rainbow Wallet'])
    store.search('')
    expect(store.getState().search.status).toBe('idle')
    store.dispose()
  })

  test('behavior: after dispose nothing is asked and late answers change nothing', async () => {
    mode = 'ok'
    const store = createWalletDirectoryStore({ client: createDirectoryClient({ url }) })
    requests.length = 0
    store.search('wallet')
    store.dispose()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(requests).toHaveLength(0)
    expect(store.getState().search.status).toBe('waiting')
  })
})
