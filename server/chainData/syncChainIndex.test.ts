import { parseEther, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import {
  type LeasedDatabase,
  leaseTestDatabase,
  queryDatabase,
} from '../../test/harness/testDatabase'
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

type ChainData = NonNullable<LatchkeyServerOptions['chainData']>

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

/**
 * A server on `databaseUrl` indexing at most `maxBlocksPerSync` blocks per request, on the
 * request path only; `entry`: the chain's settings (TST, USDT and the NFT from block 0).
 */
function start(
  databaseUrl: string,
  chainData: Omit<ChainData, 'chains'> = {},
  entry: NonNullable<ChainData['chains']>[string] = {
    tokens: [chain.listed.tst, chain.listed.usdt],
    nfts: [{ address: chain.nft, name: 'Latch' }],
  },
) {
  return startTestServer({
    databaseUrl,
    ...tokenChainOptions(chain, entry, {
      // The on-request path (createChainIndexer.test.ts: the background one).
      indexIntervalMs: 0,
      maxBlocksPerSync: 3,
      logRange: 2,
      ...chainData,
    }),
  })
}

/** Alice's whole history, every page. */
async function allHistory(t: TestServer): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `&cursor=${cursor}` : ''
    const answer = await t.get<HistoryAnswer>(
      `/v1/account/${alice.address}/history?chainId=${chainId}&limit=2${query}`,
    )
    expect(answer.status).toBe(200)
    ids.push(...answer.body.data.map((tx) => tx.id))
    cursor = answer.body.next
  } while (cursor)
  return ids
}

/** Indexes until the head; returns the `indexedBlock` of every call. */
async function catchUp(t: TestServer): Promise<number[]> {
  const head = Number(await chain.tokens.client.getBlockNumber({ cacheTime: 0 }))
  const steps: number[] = []
  for (let i = 0; i < 50; i++) {
    const answer = await t.get<HistoryAnswer>(
      `/v1/account/${alice.address}/history?chainId=${chainId}`,
    )
    steps.push(answer.body.indexedBlock)
    if (answer.body.indexedBlock > head) return steps
  }
  throw new Error(`the index did not reach block ${head}: ${steps.join(', ')}`)
}

async function countRows(databaseUrl: string): Promise<{ rows: number }> {
  const rows = await queryDatabase(databaseUrl, 'SELECT COUNT(*) AS n FROM chain_transfers')
  return { rows: Number(rows[0]?.n) }
}

describe('syncChainIndex', () => {
  test('behavior: a restart resumes at the cursor; every transfer is found once, none twice', async () => {
    const databaseUrl = await freshDatabase()
    const expected: string[] = []
    const push = (mined: { hash: string }) => expected.unshift(mined.hash)
    push(await chain.tokens.mintErc20(chain.tst, alice.address, parseEther('3')))
    push(await chain.tokens.transferToken(chain.usdt, alice.address, parseUnits('10', 6)))
    push(await chain.tokens.sendNative(alice.address, parseEther('1'), bob))
    push(await chain.tokens.transferToken(chain.tst, bob.address, parseEther('1'), alice))
    push(await chain.tokens.mintNft(chain.nft, alice.address))

    const first = await start(databaseUrl)
    // One request indexes blocks 0..2 only (maxBlocksPerSync 3): the server stops mid-history.
    const partial = await first.get<HistoryAnswer>(
      `/v1/account/${alice.address}/history?chainId=${chainId}`,
    )
    expect(partial.body.indexedBlock).toBe(3)
    await first.close()

    push(await chain.tokens.transferNft(chain.nft, alice, bob.address, 0n))
    push(await chain.tokens.transferToken(chain.usdt, bob.address, parseUnits('4', 6), alice))
    push(await chain.tokens.sendNative(bob.address, parseEther('0.5'), alice))

    const second = await start(databaseUrl)
    try {
      const steps = await catchUp(second)
      // It went on from block 3 (not from 0, not from the head), three blocks a request.
      expect(steps[0]).toBe(6)
      const moves = steps.slice(1).map((step, index) => step - (steps[index] ?? 0))
      expect(moves.slice(0, -1).every((move) => move === 3)).toBe(true)
      expect(moves.at(-1)).toBeGreaterThan(0)
      expect(await allHistory(second)).toEqual(expected)
      const counted = await countRows(databaseUrl)

      // The same blocks read again (a cursor written back by hand, as after a lost commit) are
      // stored once: no row, no transaction is added.
      await queryDatabase(databaseUrl, 'UPDATE chain_index_cursors SET next_block = 0')
      await catchUp(second)
      expect(await countRows(databaseUrl)).toEqual(counted)
      expect(await allHistory(second)).toEqual(expected)
    } finally {
      await second.close()
    }
  })

  test('default: without a start block, indexing starts at the head of its first run', async () => {
    const databaseUrl = await freshDatabase()
    const before = await chain.tokens.mintErc20(chain.tst, alice.address, 7n)
    const t = await start(
      databaseUrl,
      { maxBlocksPerSync: 100 },
      // No start block: the indexer starts at the head of its first run.
      { tokens: [chain.listed.tst], startBlock: undefined },
    )
    try {
      const head = Number(await chain.tokens.client.getBlockNumber({ cacheTime: 0 }))
      expect(Number(before.blockNumber)).toBe(head)
      await catchUp(t)
      const after = await chain.tokens.mintErc20(chain.tst, alice.address, 8n)
      await catchUp(t)
      const ids = await allHistory(t)
      // The head block of the first run is read; older history is not.
      expect(ids[0]).toBe(after.hash)
      expect(ids).toContain(before.hash)
      expect(ids).toHaveLength(2)
    } finally {
      await t.close()
    }
  })

  test('behavior: blocks within `confirmations` of the head are not indexed yet', async () => {
    const databaseUrl = await freshDatabase()
    const t = await start(databaseUrl, { confirmations: 2, maxBlocksPerSync: 1_000 })
    try {
      const mined = await chain.tokens.mintErc20(chain.tst, alice.address, 9n)
      const read = () =>
        t.get<HistoryAnswer>(`/v1/account/${alice.address}/history?chainId=${chainId}&limit=1`)
      expect((await read()).body.data[0]?.id).not.toBe(mined.hash)
      await chain.tokens.sendNative(bob.address, 1n)
      await chain.tokens.sendNative(bob.address, 1n)
      expect((await read()).body.data[0]?.id).toBe(mined.hash)
    } finally {
      await t.close()
    }
  })
})

describe('syncChainIndex, concurrent requests', () => {
  test('behavior: requests at once on a new index each get the whole history, stored once', async () => {
    const databaseUrl = await freshDatabase()
    const t = await start(databaseUrl, { maxBlocksPerSync: 1_000, logRange: 4 })
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.get<HistoryAnswer>(`/v1/account/${alice.address}/history?chainId=${chainId}&limit=100`),
        ),
      )
      const first = answers[0]?.body.data.map((tx) => tx.id)
      expect(first?.length).toBeGreaterThan(5)
      for (const answer of answers) {
        expect(answer.status).toBe(200)
        expect(answer.body.data.map((tx) => tx.id)).toEqual(first)
      }
      // The same blocks indexed by one request at a time give the same rows.
      const alone = await freshDatabase()
      const single = await start(alone, { maxBlocksPerSync: 1_000, logRange: 4 })
      try {
        await single.get(`/v1/account/${alice.address}/history?chainId=${chainId}`)
      } finally {
        await single.close()
      }
      expect((await countRows(databaseUrl)).rows).toBe((await countRows(alone)).rows)
    } finally {
      await t.close()
    }
  })
})
