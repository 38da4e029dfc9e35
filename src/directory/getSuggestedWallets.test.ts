import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createDirectoryClient, type DirectoryClient } from './createDirectoryClient'
import {
  featuredWalletsCount,
  getSuggestedWallets,
  recommendedWalletsCount,
} from './getSuggestedWallets'

// A directory on a loopback port answering SPEC §7's getWallets over 200 wallets (w0…w199) in
// its own order, with include, exclude, page and entries applied; every query is recorded.
const all = Array.from({ length: 200 }, (_, index) => ({
  id: `w${index}`,
  name: `Wallet ${index}`,
}))
const queries: URLSearchParams[] = []
let server: Server
let client: DirectoryClient

beforeAll(async () => {
  server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams
    queries.push(query)
    const list = (key: string) => query.get(key)?.split(',') ?? []
    const include = list('include')
    const exclude = list('exclude')
    const matching = all.filter(
      (wallet) =>
        (include.length === 0 || include.includes(wallet.id)) && !exclude.includes(wallet.id),
    )
    const page = Number(query.get('page'))
    const entries = Number(query.get('entries'))
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        data: matching.slice((page - 1) * entries, page * entries),
        count: matching.length,
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  client = createDirectoryClient({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  })
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})
beforeEach(() => {
  queries.length = 0
})

const ids = (wallets: readonly { id: string }[]) => wallets.map((wallet) => wallet.id)
const featuredQuery = () => queries.find((query) => query.get('exclude') === null)
const recommendedQuery = () =>
  queries.find((query) => query.get('entries') === '4' && query.get('exclude') !== null)

describe('getSuggestedWallets', () => {
  test('behavior: more than 4 featured ids: the host’s first 4 the directory knows, in the host’s order', async () => {
    // w999 is not in the directory; the directory lists the others in its own (ascending) order
    const featured = ['w150', 'w999', 'w3', 'w120', 'w40', 'w7', 'w1']
    const suggested = await getSuggestedWallets({ client, featured })
    expect(featuredWalletsCount).toBe(4)
    expect(ids(suggested.featured)).toEqual(['w150', 'w3', 'w120', 'w40'])
    // one featured request for every id (the directory's order could put the host's first four
    // last), one page of 4 recommended ones without them
    expect(queries).toHaveLength(2)
    expect(featuredQuery()?.get('entries')).toBe(String(featured.length))
    expect(featuredQuery()?.get('include')).toBe(featured.join(','))
    expect(featuredQuery()?.get('page')).toBe('1')
    expect(recommendedQuery()?.get('exclude')).toBe(featured.join(','))
    expect(ids(suggested.recommended)).toEqual(['w0', 'w2', 'w4', 'w5'])
    expect(suggested.recommended).toHaveLength(recommendedWalletsCount)
  })

  test('behavior: 4 or fewer featured ids ask for 4 entries; more than 100 ask for 100', async () => {
    await getSuggestedWallets({ client, featured: ['w5', 'w6'] })
    expect(featuredQuery()?.get('entries')).toBe('4')
    queries.length = 0
    const many = all.slice(0, 150).map((wallet) => wallet.id)
    const suggested = await getSuggestedWallets({ client, featured: [...many].reverse() })
    expect(featuredQuery()?.get('entries')).toBe('100')
    // the directory's first 100 of them, picked in the host's order
    expect(ids(suggested.featured)).toEqual(['w99', 'w98', 'w97', 'w96'])
  })

  test('parameters: excluded ids are never featured, and with include only included ones are', async () => {
    const featured = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6']
    const excluded = await getSuggestedWallets({ client, featured, exclude: ['w2'] })
    expect(ids(excluded.featured)).toEqual(['w1', 'w3', 'w4', 'w5'])
    queries.length = 0
    const included = await getSuggestedWallets({
      client,
      featured,
      include: ['w6', 'w5', 'w1', 'w9'],
    })
    expect(ids(included.featured)).toEqual(['w1', 'w5', 'w6'])
    expect(featuredQuery()?.get('include')).toBe('w1,w5,w6')
  })

  test('behavior: no featured ids: only the recommended request is made', async () => {
    const suggested = await getSuggestedWallets({ client })
    expect(suggested.featured).toEqual([])
    expect(queries).toHaveLength(1)
    expect(queries[0]?.get('entries')).toBe('4')
  })
})
