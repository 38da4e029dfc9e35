import { parseEther, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { type LeasedDatabase, leaseTestDatabase } from '../../test/harness/testDatabase'
import {
  alice,
  bob,
  tokenChainId as chainId,
  startTokenChain,
  type TokenChain,
  tokenChainOptions,
} from '../../test/harness/tokenChain'
import type { LatchkeyServerOptions } from '../options'
import type { HistoryAnswer } from './readHistory'

const lower = (address: string) => address.toLowerCase() as `0x${string}`

let chain: TokenChain
const leased: LeasedDatabase[] = []

beforeAll(async () => {
  chain = await startTokenChain()
}, 60_000)

afterAll(async () => {
  await chain?.stop()
})

afterEach(async () => {
  for (const database of leased.splice(0)) await database.release()
})

/** The URL of an empty database of the run's backend (kept for the test: servers restart on it). */
async function freshDatabase(): Promise<string> {
  const database = await leaseTestDatabase()
  leased.push(database)
  return database.url
}

/** A server on `databaseUrl` whose background indexer runs every 50 ms. */
function start(
  databaseUrl: string,
  chainData: Omit<NonNullable<LatchkeyServerOptions['chainData']>, 'chains'> = {},
) {
  return startTestServer({
    databaseUrl,
    ...tokenChainOptions(
      chain,
      { tokens: [chain.listed.tst, chain.listed.usdt] },
      { indexIntervalMs: 50, ...chainData },
    ),
  })
}

/** Waits (up to 20 s) until the stored index of the chain reaches past the current head. */
async function indexedPastHead(t: TestServer): Promise<number> {
  const head = Number(await chain.tokens.client.getBlockNumber({ cacheTime: 0 }))
  const started = Date.now()
  while (Date.now() - started < 20_000) {
    const cursor = await t.server.context.storage.chainIndex.cursor(chainId)
    if (cursor !== undefined && cursor > head) return cursor
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`the background indexer did not reach block ${head}`)
}

/** The transaction ids of the stored index for alice, newest first (no request, no indexing). */
async function storedIds(t: TestServer): Promise<string[]> {
  const records = await t.server.context.storage.chainIndex.history(
    chainId,
    lower(alice.address),
    1_000,
  )
  return [...new Set(records.map((record) => record.txHash))]
}

describe('createChainIndexer', () => {
  test('behavior: transfers made while the server runs are indexed without a request; history then answers from the index after one head check', async () => {
    const t = await start(await freshDatabase())
    try {
      await indexedPastHead(t)
      const sent = [
        await chain.tokens.mintErc20(chain.tst, alice.address, parseEther('2')),
        await chain.tokens.sendNative(alice.address, parseEther('0.1'), bob),
        await chain.tokens.transferToken(chain.usdt, alice.address, parseUnits('3', 6)),
      ].map((mined) => mined.hash.toLowerCase())
      await indexedPastHead(t)
      // Nothing asked the server for history: the indexer found them on its own.
      expect((await storedIds(t)).slice(0, 3)).toEqual(sent.reverse())

      // The runner stopped, so every request counted below is the history request's.
      await t.server.context.indexer.stop()
      const transport = t.server.context.chains.get(chainId).transport
      const before = transport.stats.httpRequests
      const answer = await t.get<HistoryAnswer>(
        `/v1/account/${alice.address}/history?chainId=${chainId}&limit=3`,
      )
      expect(answer.status).toBe(200)
      expect(answer.body.data.map((tx) => tx.id)).toEqual(sent)
      // Answered from the index: the request only asked the node for its head, no block.
      expect(transport.stats.httpRequests - before).toBe(1)
    } finally {
      await t.close()
    }
  })

  test('behavior: stopped mid-way and started again, it finds every transfer once, none twice', async () => {
    const databaseUrl = await freshDatabase()
    const reference = await freshDatabase()
    // Two blocks a run: the first server stops long before it reaches the head.
    const slow = { maxBlocksPerSync: 2, logRange: 1 }
    const first = await start(databaseUrl, slow)
    await first.server.context.indexer.settled()
    const partial = await first.server.context.storage.chainIndex.cursor(chainId)
    await first.close()
    const head = Number(await chain.tokens.client.getBlockNumber({ cacheTime: 0 }))
    expect(partial).toBeGreaterThan(0)
    expect(partial).toBeLessThan(head)

    const later = [
      await chain.tokens.transferToken(chain.tst, bob.address, parseEther('0.5'), alice),
      await chain.tokens.sendNative(bob.address, parseEther('0.01'), alice),
    ].map((mined) => mined.hash.toLowerCase())

    const second = await start(databaseUrl, slow)
    const fresh = await start(reference, { maxBlocksPerSync: 1_000 })
    try {
      await Promise.all([indexedPastHead(second), indexedPastHead(fresh)])
      const resumed = await storedIds(second)
      expect(resumed.slice(0, 2)).toEqual(later.reverse())
      // The same transfers as an index built in one go, each once.
      expect(resumed).toEqual(await storedIds(fresh))
      expect(new Set(resumed).size).toBe(resumed.length)
      const all = (t: TestServer) =>
        t.server.context.storage.chainIndex.history(chainId, lower(alice.address), 1_000)
      expect((await all(second)).length).toBe((await all(fresh)).length)
    } finally {
      await second.close()
      await fresh.close()
    }
  })

  test('behavior: shutdown leaves no timer and no run; nothing reaches the node afterwards', async () => {
    const t = await start(await freshDatabase())
    await indexedPastHead(t)
    const transport = t.server.context.chains.get(chainId).transport
    await t.close()
    const sent = transport.stats.httpRequests
    await chain.tokens.mintErc20(chain.tst, alice.address, 1n)
    // Six intervals: a timer left behind would have run the indexer (and asked the node) by now.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(transport.stats.httpRequests).toBe(sent)
  })

  test('parameters: indexIntervalMs 0 runs no indexer (history requests index instead)', async () => {
    const t = await start(await freshDatabase(), { indexIntervalMs: 0 })
    try {
      expect(t.server.context.indexer.chainIds()).toEqual([])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await t.server.context.storage.chainIndex.cursor(chainId)).toBeUndefined()
      const answer = await t.get<HistoryAnswer>(
        `/v1/account/${alice.address}/history?chainId=${chainId}`,
      )
      expect(answer.body.indexedBlock).toBeGreaterThan(0)
    } finally {
      await t.close()
    }
  })

  test('default: one runner per chain of chainData.chains that has an RPC URL', async () => {
    const t = await startTestServer({
      databaseUrl: await freshDatabase(),
      chains: { [chainId]: chain.anvil.rpcUrl, 1: chain.anvil.rpcUrl },
      chainData: { chains: { [chainId]: { startBlock: 0 } } },
    })
    try {
      // Chain 1 has an RPC URL but no data settings: it is indexed on request only.
      expect(t.server.context.indexer.chainIds()).toEqual([chainId])
    } finally {
      await t.close()
    }
  })
})
