import { createPublicClient, formatEther, http, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilNode, multicall3Address, startAnvil } from '../../test/harness/anvil'
import {
  anvilAccounts,
  createTokenDeployer,
  type TokenDeployer,
} from '../../test/harness/deployTokens'
import { type MetadataServer, startMetadataServer } from '../../test/harness/startMetadataServer'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { AccountDataUnavailableError } from '../errors/AccountDataUnavailableError'
import { TokenBalanceUnavailableError } from '../errors/TokenBalanceUnavailableError'
import { TransactionsFetchError } from '../errors/TransactionsFetchError'
import { createAccountDataClient } from './createAccountDataClient'

// The account data client against a real Latchkey server with `chainData` on a real anvil chain,
// and, without a server, against the chain itself through a viem client.
const chainId = 31337
const [, alice, bob] = anvilAccounts as [
  (typeof anvilAccounts)[0],
  (typeof anvilAccounts)[0],
  (typeof anvilAccounts)[0],
]

let anvil: AnvilNode
let tokens: TokenDeployer
let t: TestServer
let meta: MetadataServer
let tst: `0x${string}`
let usdt: `0x${string}`
let nft: `0x${string}`
const aliceTxs: `0x${string}`[] = []

/** A fetch that counts the requests per path and can be switched to fail. */
function countingFetch() {
  const paths: string[] = []
  let down = false
  const fetchFn: typeof fetch = (input, init) => {
    const url = new URL(String(input))
    paths.push(url.pathname)
    if (down) return Promise.reject(new TypeError('fetch failed'))
    return fetch(input, init)
  }
  return {
    fetch: fetchFn,
    paths,
    count: (suffix: string) => paths.filter((path) => path.endsWith(suffix)).length,
    setDown: (value: boolean) => {
      down = value
    },
  }
}

function fakeClock() {
  let time = Date.parse('2026-11-20T12:00:00Z')
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId })
  tokens = createTokenDeployer(anvil.rpcUrl, chainId)
  meta = await startMetadataServer('Latch')
  tst = await tokens.deployErc20({ name: 'Test Token', symbol: 'TST' })
  usdt = await tokens.deployUsdtStyle({ supply: parseUnits('1000', 6) })
  nft = await tokens.deployErc721({
    name: 'Latch',
    symbol: 'LNFT',
    baseUri: `${meta.origin}/meta/`,
  })
  t = await startTestServer({
    chains: { [chainId]: anvil.rpcUrl },
    chainData: {
      confirmations: 0,
      metadataOrigins: [meta.origin],
      chains: {
        [chainId]: {
          startBlock: 0,
          tokens: [
            { address: tst, name: 'Test Token', symbol: 'TST', decimals: 18 },
            { address: usdt, name: 'Tether-style', symbol: 'USDT', decimals: 6 },
          ],
          nfts: [{ address: nft, name: 'Latch' }],
        },
      },
    },
  })
  const push = (mined: { hash: `0x${string}` }) => aliceTxs.push(mined.hash)
  push(await tokens.mintErc20(tst, alice.address, parseEther('2.5')))
  push(await tokens.transferToken(usdt, alice.address, parseUnits('1.5', 6)))
  push(await tokens.transferToken(usdt, bob.address, parseUnits('0.5', 6), alice))
  push(await tokens.sendNative(alice.address, parseEther('0.25'), bob))
  push(await tokens.mintNft(nft, alice.address))
}, 120_000)

afterAll(async () => {
  await t?.close()
  await meta?.close()
  await anvil?.stop()
})

describe('with a data server', () => {
  test('default: the deployed ERC-20 and USDT-style balances, native first', async () => {
    const client = createAccountDataClient({ url: t.url })
    const answer = await client.getTokenBalances({ address: alice.address, chainId })
    const native = await tokens.client.getBalance({ address: alice.address })
    expect(answer.locked).toBe(false)
    expect(answer.unavailable).toEqual([])
    expect(answer.balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['ETH', formatEther(native)],
      ['TST', '2.5'],
      ['USDT', '1'],
    ])
    const nativeBalance = await client.getNativeBalance({ address: alice.address, chainId })
    expect(nativeBalance.quantity.numeric).toBe(formatEther(native))
  })

  test('behavior: the chain data API may be read from any page origin (CORS), without credentials', async () => {
    for (const path of [
      `/v1/account/${alice.address}/balance?chainId=${chainId}`,
      `/v1/account/${alice.address}/history?chainId=${chainId}`,
      `/v1/account/${alice.address}/nfts?chainId=${chainId}`,
      `/v1/identity/${alice.address}?chainId=${chainId}`,
      `/v1/names/alice.eth?chainId=${chainId}`,
    ]) {
      const answer = await fetch(`${t.url}${path}`, { headers: { origin: 'https://dapp.test' } })
      expect(answer.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(answer.headers.get('access-control-allow-credentials'), path).toBeNull()
    }
    const other = await fetch(`${t.url}/v1/nonce`, { headers: { origin: 'https://dapp.test' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('default: history pages by cursor, newest first, nothing twice', async () => {
    const client = createAccountDataClient({ url: t.url })
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await client.getTransactions({
        address: alice.address,
        chainId,
        cursor,
        limit: 2,
      })
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((tx) => tx.id))
      cursor = page.next
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual([...aliceTxs].reverse())
  })

  test('default: the minted NFT with its metadata image', async () => {
    const client = createAccountDataClient({ url: t.url })
    const answer = await client.getNfts({ address: alice.address, chainId })
    expect(answer.supported).toBe(true)
    expect(answer.nfts).toEqual([
      expect.objectContaining({
        tokenId: '0',
        collection: 'Latch',
        metadata: expect.objectContaining({ image: 'https://images.test/0.png' }),
      }),
    ])
  })

  test('behavior: one request per key in flight, however many callers', async () => {
    const counter = countingFetch()
    const client = createAccountDataClient({ url: t.url, fetch: counter.fetch })
    const query = { address: alice.address, chainId }
    const answers = await Promise.all([
      client.getTokenBalances(query),
      client.getTokenBalances({ ...query, address: alice.address.toLowerCase() }),
      client.getTokenBalances(query),
      client.getNfts(query),
      client.getNfts(query),
      client.getTransactions(query),
      client.getTransactions(query),
      client.getTokenBalances({ address: bob.address, chainId }),
    ])
    expect(answers[0]).toEqual(answers[1])
    expect(counter.count('/balance')).toBe(2)
    expect(counter.count('/nfts')).toBe(1)
    expect(counter.count('/history')).toBe(1)
  })

  test('behavior: SPEC §9 lifetimes: portfolio and native balance 30 s, identity and names 5 min', async () => {
    const counter = countingFetch()
    const clock = fakeClock()
    const client = createAccountDataClient({ url: t.url, fetch: counter.fetch, now: clock.now })
    const query = { address: alice.address, chainId }
    const readAll = () =>
      Promise.all([
        client.getTokenBalances(query),
        client.getNativeBalance(query),
        client.getIdentity(query),
        client.resolveName({ name: 'alice.eth', chainId }),
      ])
    await readAll()
    const counts = () => ({
      balance: counter.count('/balance'),
      identity: counter.count(`/identity/${alice.address.toLowerCase()}`),
      names: counter.count('/names/alice.eth'),
    })
    // the native balance comes from the balance answer (no chain client): its own cache, same path
    expect(counts()).toEqual({ balance: 2, identity: 1, names: 1 })
    clock.advance(29_999)
    await readAll()
    expect(counts()).toEqual({ balance: 2, identity: 1, names: 1 })
    clock.advance(1)
    await readAll()
    expect(counts()).toEqual({ balance: 4, identity: 1, names: 1 })
    clock.advance(5 * 60_000 - 30_000 - 1)
    await readAll()
    expect(counts()).toEqual({ balance: 6, identity: 1, names: 1 })
    clock.advance(1)
    await readAll()
    expect(counts()).toEqual({ balance: 6, identity: 2, names: 2 })
  })

  test("error: a failed token balance read is 'Token Balance Unavailable', then empty for 30 s without asking", async () => {
    const counter = countingFetch()
    const clock = fakeClock()
    const client = createAccountDataClient({ url: t.url, fetch: counter.fetch, now: clock.now })
    const query = { address: alice.address, chainId }
    counter.setDown(true)
    const error = await client.getTokenBalances(query).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TokenBalanceUnavailableError)
    expect((error as TokenBalanceUnavailableError).shortMessage).toBe('Token Balance Unavailable')
    expect((error as TokenBalanceUnavailableError).retryAfterMs).toBe(30_000)
    counter.setDown(false)
    clock.advance(29_999)
    expect(await client.getTokenBalances({ ...query, fresh: true })).toEqual({
      balances: [],
      unavailable: [],
      locked: true,
    })
    expect(counter.count('/balance')).toBe(1)
    clock.advance(1)
    const after = await client.getTokenBalances(query)
    expect(after.locked).toBe(false)
    expect(after.balances.map((b) => b.symbol)).toEqual(['ETH', 'TST', 'USDT'])
    expect(counter.count('/balance')).toBe(2)
  })

  test("error: a failed history read is 'Failed to fetch transactions'; a server error keeps its name", async () => {
    const counter = countingFetch()
    const client = createAccountDataClient({ url: t.url, fetch: counter.fetch })
    counter.setDown(true)
    const down = await client.getTransactions({ address: alice.address, chainId }).catch((e) => e)
    expect(down).toBeInstanceOf(TransactionsFetchError)
    expect(down.shortMessage).toBe('Failed to fetch transactions')
    counter.setDown(false)
    const unknownChain = await client
      .getNfts({ address: alice.address, chainId: 999 })
      .catch((e) => e)
    expect(unknownChain).toBeInstanceOf(AccountDataUnavailableError)
    expect(unknownChain).toMatchObject({
      reason: 'http 400',
      serverError: 'ChainNotSupportedError',
    })
  })

  test('error: an answer that is not the API shape is an invalid answer, not an empty list', async () => {
    const client = createAccountDataClient({
      url: t.url,
      fetch: () => Promise.resolve(Response.json({ balances: 'none' })),
    })
    const error = await client.getTokenBalances({ address: alice.address, chainId }).catch((e) => e)
    expect(error).toBeInstanceOf(TokenBalanceUnavailableError)
    expect(error.walk()).toMatchObject({ reason: 'invalid answer' })
  })
})

describe('without a data server', () => {
  function chainClient() {
    const requests: unknown[] = []
    const client = createPublicClient({
      chain: tokens.chain,
      transport: http(anvil.rpcUrl, {
        batch: true,
        fetchFn: async (input, init) => {
          requests.push(JSON.parse(String(init?.body)))
          return fetch(input, init)
        },
      }),
    })
    return { client, requests }
  }

  test('default: native and listed token balances from the chain in one batched HTTP request', async () => {
    const { client, requests } = chainClient()
    const data = createAccountDataClient({
      getChainClient: (id) => (id === chainId ? client : undefined),
      tokens: {
        [chainId]: [
          { address: tst, name: 'Test Token', symbol: 'TST', decimals: 18 },
          { address: usdt, name: 'Tether-style', symbol: 'USDT', decimals: 6 },
          { address: bob.address, name: 'Not a token', symbol: 'NOPE', decimals: 18 },
          { address: tst, name: 'Low quality', symbol: 'LOW', decimals: 0 },
        ],
      },
    })
    const answer = await data.getTokenBalances({ address: alice.address, chainId })
    const native = await tokens.client.getBalance({ address: alice.address })
    expect(answer.balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['ETH', formatEther(native)],
      ['TST', '2.5'],
      ['USDT', '1'],
    ])
    expect(answer.unavailable).toEqual([`eip155:${chainId}:${bob.address.toLowerCase()}`])
    // eth_getBalance and one eth_call (deployless multicall) in one JSON-RPC batch
    expect(requests).toHaveLength(1)
    expect((requests[0] as { method: string }[]).map((r) => r.method).sort()).toEqual([
      'eth_call',
      'eth_getBalance',
    ])
  })

  test('parameters: multicallAddress reads through the chain Multicall3', async () => {
    const { client, requests } = chainClient()
    const data = createAccountDataClient({
      getChainClient: () => client,
      tokens: { [chainId]: [{ address: tst, name: 'Test Token', symbol: 'TST', decimals: 18 }] },
      multicallAddress: { [chainId]: multicall3Address },
    })
    const answer = await data.getTokenBalances({ address: alice.address, chainId })
    expect(answer.balances.map((b) => b.symbol)).toEqual(['ETH', 'TST'])
    const call = (requests[0] as { method: string; params: [{ to: string }] }[]).find(
      (r) => r.method === 'eth_call',
    )
    expect(call?.params[0].to.toLowerCase()).toBe(multicall3Address.toLowerCase())
  })

  test('behavior: activity lists the transactions sent from the modal; NFTs say unsupported', async () => {
    const { client } = chainClient()
    const data = createAccountDataClient({ getChainClient: () => client })
    const hash = aliceTxs[2] as `0x${string}`
    data.recordTransaction({
      hash,
      chainId,
      from: alice.address,
      to: bob.address,
      amount: '0.5',
      symbol: 'USDT',
      token: usdt,
    })
    const page = await data.getTransactions({ address: alice.address, chainId })
    expect(page.next).toBeNull()
    expect(page.data.map((tx) => [tx.id, tx.metadata.operationType])).toEqual([[hash, 'send']])
    expect(await data.getNfts({ address: alice.address, chainId })).toEqual({
      supported: false,
      nfts: [],
    })
  })

  test('error: a chain with no client is AccountDataUnavailableError behind the balance error', async () => {
    const data = createAccountDataClient({ getChainClient: () => undefined })
    const error = await data.getTokenBalances({ address: alice.address, chainId }).catch((e) => e)
    expect(error).toBeInstanceOf(TokenBalanceUnavailableError)
    expect(error.walk((e: unknown) => e instanceof AccountDataUnavailableError)).toMatchObject({
      reason: 'chain',
    })
  })
})
