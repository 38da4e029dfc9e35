import { createWalletClient, formatEther, getAddress, http, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BalancesAnswer } from '../../server/chainData/readBalances'
import type { HistoryAnswer } from '../../server/chainData/readHistory'
import type { OwnedNft } from '../../server/chainData/readNfts'
import type { AnvilNode } from '../../test/harness/anvil'
import { fakeUniversalResolverCreationCode } from '../../test/harness/contracts/fakeUniversalResolver'
import type { TokenDeployer } from '../../test/harness/deployTokens'
import { type MetadataServer, startMetadataServer } from '../../test/harness/startMetadataServer'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import {
  alice,
  bob,
  tokenChainId as chainId,
  startTokenChain,
  type TokenChain,
  tokenChainOptions,
} from '../../test/harness/tokenChain'

const lower = (address: string) => address.toLowerCase()

let chain: TokenChain
let anvil: AnvilNode
let tokens: TokenDeployer
let t: TestServer
let meta: MetadataServer
let stranger: MetadataServer
let tst: `0x${string}`
let usdt: `0x${string}`
let idle: `0x${string}`
let nft: `0x${string}`
let foreignNft: `0x${string}`
/** Alice's transactions, oldest first, as the test made them. */
const aliceTxs: `0x${string}`[] = []

type ErrorAnswer = { error: { name: string; message: string } }

beforeAll(async () => {
  meta = await startMetadataServer('Latch')
  stranger = await startMetadataServer('Stranger')
  chain = await startTokenChain({ nftBaseUri: `${meta.origin}/meta/` })
  ;({ anvil, tokens, tst, usdt, nft } = chain)
  idle = await tokens.deployErc20({ name: 'Idle Token', symbol: 'IDLE' })
  foreignNft = await tokens.deployErc721({
    name: 'Stranger',
    symbol: 'SNFT',
    baseUri: `${stranger.origin}/meta/`,
  })
  t = await startTestServer(
    tokenChainOptions(
      chain,
      {
        tokens: [
          chain.listed.tst,
          chain.listed.usdt,
          { address: idle, name: 'Idle Token', symbol: 'IDLE', decimals: 18 },
        ],
        nfts: [
          { address: nft, name: 'Latch' },
          { address: foreignNft, name: 'Stranger' },
        ],
      },
      // These tests read the on-request indexing path (createChainIndexer.test.ts: the background one).
      { indexIntervalMs: 0, metadataOrigins: [meta.origin] },
    ),
  )
  const push = (mined: { hash: `0x${string}` }) => aliceTxs.push(mined.hash)
  push(await tokens.mintErc20(tst, alice.address, parseEther('2.5')))
  push(await tokens.transferToken(usdt, alice.address, parseUnits('1.5', 6)))
  push(await tokens.transferToken(usdt, bob.address, parseUnits('0.5', 6), alice))
  push(await tokens.sendNative(alice.address, parseEther('0.25'), bob))
  push(await tokens.mintNft(nft, alice.address))
  push(await tokens.mintNft(nft, alice.address))
  push(await tokens.transferNft(nft, alice, bob.address, 1n))
  push(await tokens.mintNft(foreignNft, alice.address))
}, 120_000)

afterAll(async () => {
  await t?.close()
  await meta?.close()
  await stranger?.close()
  await chain?.stop()
})

describe('GET /v1/account/:address/balance', () => {
  test('default: the native balance and every listed token held, in one request to the node', async () => {
    const transport = t.server.context.chains.get(chainId).transport
    const before = transport.stats.httpRequests
    const answer = await t.get<BalancesAnswer>(
      `/v1/account/${alice.address}/balance?chainId=eip155:${chainId}`,
    )
    expect(answer.status).toBe(200)
    // eth_getBalance and the multicall eth_call go out together as one JSON-RPC batch.
    expect(transport.stats.httpRequests - before).toBe(1)
    const native = await tokens.client.getBalance({ address: alice.address })
    expect(answer.body).toEqual({
      balances: [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: `eip155:${chainId}`,
          quantity: { decimals: '18', numeric: formatEther(native) },
          iconUrl: null,
        },
        {
          name: 'Test Token',
          symbol: 'TST',
          chainId: `eip155:${chainId}`,
          address: `eip155:${chainId}:${lower(tst)}`,
          quantity: { decimals: '18', numeric: '2.5' },
          iconUrl: null,
        },
        {
          name: 'Tether-style',
          symbol: 'USDT',
          chainId: `eip155:${chainId}`,
          address: `eip155:${chainId}:${lower(usdt)}`,
          quantity: { decimals: '6', numeric: '1' },
          iconUrl: null,
        },
      ],
      unavailable: [],
    })
  })

  test('behavior: a token whose balance cannot be read is listed as unavailable, never as 0', async () => {
    const broken = '0x000000000000000000000000000000000000dEaD'
    const server = await startTestServer({
      chains: { [chainId]: anvil.rpcUrl },
      chainData: {
        chains: {
          [chainId]: {
            tokens: [
              { address: broken, name: 'Gone', symbol: 'GONE', decimals: 18 },
              { address: tst, name: 'Test Token', symbol: 'TST', decimals: 18 },
            ],
            multicallAddress: '0xcA11bde05977b3631167028862bE2a173976CA11',
          },
        },
      },
    })
    try {
      const answer = await server.get<BalancesAnswer>(
        `/v1/account/${lower(alice.address)}/balance?chainId=${chainId}`,
      )
      expect(answer.body.unavailable).toEqual([`eip155:${chainId}:${lower(broken)}`])
      expect(answer.body.balances.map((entry) => entry.symbol)).toEqual(['ETH', 'TST'])
    } finally {
      await server.close()
    }
  })
})

describe('GET /v1/account/:address/history', () => {
  test('default: every transfer of the account, newest first, paged by cursor with nothing twice', async () => {
    const seen: HistoryAnswer['data'] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const answer = await t.get<HistoryAnswer>(
        `/v1/account/${alice.address}/history?chainId=${chainId}&limit=3${query}`,
      )
      expect(answer.status).toBe(200)
      expect(answer.body.data.length).toBeLessThanOrEqual(3)
      seen.push(...answer.body.data)
      cursor = answer.body.next
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen.map((tx) => tx.id)).toEqual([...aliceTxs].reverse())
  })

  test('behavior: transfers carry direction, amount, token and operation type', async () => {
    const answer = await t.get<HistoryAnswer>(
      `/v1/account/${alice.address}/history?chainId=${chainId}`,
    )
    const byHash = new Map(answer.body.data.map((tx) => [tx.id, tx]))
    const [mint, usdtIn, usdtOut, nativeIn, , , nftOut] = aliceTxs
    expect(byHash.get(mint as string)).toMatchObject({
      metadata: {
        operationType: 'mint',
        status: 'confirmed',
        chain: `eip155:${chainId}`,
        sentTo: lower(alice.address),
      },
      transfers: [
        {
          direction: 'in',
          fungible_info: { symbol: 'TST', name: 'Test Token' },
          quantity: { numeric: '2.5' },
        },
      ],
    })
    expect(byHash.get(usdtIn as string)?.metadata.operationType).toBe('receive')
    expect(byHash.get(usdtOut as string)).toMatchObject({
      metadata: {
        operationType: 'send',
        sentFrom: lower(alice.address),
        sentTo: lower(bob.address),
      },
      transfers: [
        { direction: 'out', fungible_info: { symbol: 'USDT' }, quantity: { numeric: '0.5' } },
      ],
    })
    expect(byHash.get(nativeIn as string)).toMatchObject({
      metadata: { operationType: 'receive', sentFrom: lower(bob.address) },
      transfers: [
        { direction: 'in', fungible_info: { symbol: 'ETH' }, quantity: { numeric: '0.25' } },
      ],
    })
    expect(byHash.get(nftOut as string)).toMatchObject({
      metadata: { operationType: 'send' },
      transfers: [
        {
          direction: 'out',
          nft_info: {
            name: 'Latch #1',
            token_id: '1',
            flags: { is_spam: false },
            content: { preview: { url: 'https://images.test/1.png' } },
          },
          quantity: { numeric: '1' },
        },
      ],
    })
    // The collection whose metadata origin is not allowed has no preview (and was not asked).
    const foreignMint = byHash.get(aliceTxs.at(-1) as string)
    expect(foreignMint?.transfers[0]?.nft_info?.content.preview.url).toBeNull()
    const minedAt = Date.parse(byHash.get(mint as string)?.metadata.minedAt ?? '')
    expect(Math.abs(minedAt - Date.now())).toBeLessThan(10 * 60_000)
  })

  test('behavior: a reverted transaction with a value is not a transfer', async () => {
    const wallet = createWalletClient({
      account: bob,
      chain: tokens.chain,
      transport: http(anvil.rpcUrl),
    })
    // The USDT-style token is not payable: forced gas makes a mined, reverted value transfer.
    const hash = await wallet.sendTransaction({ to: usdt, value: 1n, gas: 100_000n })
    const receipt = await tokens.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('reverted')
    const answer = await t.get<HistoryAnswer>(
      `/v1/account/${bob.address}/history?chainId=${chainId}`,
    )
    expect(answer.body.indexedBlock).toBeGreaterThan(Number(receipt.blockNumber))
    expect(answer.body.data.map((tx) => tx.id)).not.toContain(hash)
  })
})

describe('GET /v1/account/:address/nfts', () => {
  test('default: the tokens the account holds now, with metadata from an allowed origin', async () => {
    const answer = await t.get<{ data: OwnedNft[] }>(
      `/v1/account/${alice.address}/nfts?chainId=${chainId}`,
    )
    expect(answer.status).toBe(200)
    const ours = answer.body.data.find((entry) => entry.address.endsWith(lower(nft)))
    expect(answer.body.data.filter((entry) => entry.address.endsWith(lower(nft)))).toHaveLength(1)
    expect(ours).toEqual({
      chainId: `eip155:${chainId}`,
      address: `eip155:${chainId}:${lower(nft)}`,
      collection: 'Latch',
      tokenId: '0',
      tokenUri: `${meta.origin}/meta/0`,
      metadata: {
        name: 'Latch #0',
        description: 'A test token',
        image: 'https://images.test/0.png',
      },
    })
    const bobs = await t.get<{ data: OwnedNft[] }>(
      `/v1/account/${bob.address}/nfts?chainId=${chainId}`,
    )
    expect(bobs.body.data.map((entry) => entry.tokenId)).toEqual(['1'])
  })

  test('error: metadata at an origin that is not allowed is never fetched', async () => {
    const answer = await t.get<{ data: OwnedNft[] }>(
      `/v1/account/${alice.address}/nfts?chainId=${chainId}`,
    )
    const foreign = answer.body.data.find((entry) => entry.address.endsWith(lower(foreignNft)))
    expect(foreign).toMatchObject({
      tokenId: '0',
      tokenUri: `${stranger.origin}/meta/0`,
      metadata: null,
    })
    expect(stranger.hits).toEqual([])
  })
})

describe('bad input', () => {
  test.each([
    ['not hex', '0x12345'],
    ['a bad checksum', getAddress(alice.address).replace(/[a-f]/, (c) => c.toUpperCase())],
    ['no 0x', lower(alice.address).slice(2)],
  ])('error: an address that is %s is a 400 InvalidRequestError', async (_, address) => {
    for (const path of ['balance', 'history', 'nfts']) {
      const answer = await t.get<ErrorAnswer>(`/v1/account/${address}/${path}?chainId=${chainId}`)
      expect(answer.status).toBe(400)
      expect(answer.body.error.name).toBe('InvalidRequestError')
    }
  })

  test('error: a chain without an RPC URL is a 400 ChainNotSupportedError', async () => {
    for (const path of ['balance', 'history', 'nfts']) {
      const answer = await t.get<ErrorAnswer>(`/v1/account/${alice.address}/${path}?chainId=999`)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatchObject({
        name: 'ChainNotSupportedError',
        message: 'Chain is not supported',
      })
    }
  })

  test('error: a missing or malformed chain id and a forged cursor are 400 InvalidRequestError', async () => {
    for (const path of [
      `/v1/account/${alice.address}/balance`,
      `/v1/account/${alice.address}/balance?chainId=mainnet`,
      `/v1/account/${alice.address}/history?chainId=${chainId}&cursor=MTAwMA`,
      `/v1/account/${alice.address}/history?chainId=${chainId}&cursor=${'%27%20OR%201%3D1'}`,
      `/v1/account/${alice.address}/history?chainId=${chainId}&limit=1000`,
    ]) {
      const answer = await t.get<ErrorAnswer>(path)
      expect(answer.status, path).toBe(400)
      expect(answer.body.error.name, path).toBe('InvalidRequestError')
    }
  })

  test('behavior: name lookups on a chain without a name service say it is not supported', async () => {
    const identity = await t.get(`/v1/identity/${alice.address}?chainId=${chainId}`)
    expect(identity.status).toBe(200)
    expect(identity.body).toEqual({
      supported: false,
      reason: `No name service is configured for chain ${chainId}.`,
    })
    const name = await t.get(`/v1/names/vitalik.eth?chainId=${chainId}`)
    expect(name.body).toMatchObject({ supported: false })
    const unknown = await t.get<ErrorAnswer>(`/v1/names/vitalik.eth?chainId=999`)
    expect(unknown.body.error.name).toBe('ChainNotSupportedError')
  })
})

describe('name lookups', () => {
  test("default: a name and an address resolve through the chain's universal resolver", async () => {
    const resolver = await tokens.deployCode(
      fakeUniversalResolverCreationCode({
        name: 'alice.eth',
        address: alice.address,
        avatar: 'https://images.test/alice.png',
      }),
    )
    const server = await startTestServer({
      chains: { [chainId]: anvil.rpcUrl },
      chainData: { chains: { [chainId]: { ensUniversalResolver: resolver } } },
    })
    try {
      const forward = await server.get(`/v1/names/Alice.eth?chainId=${chainId}`)
      expect(forward.status).toBe(200)
      expect(forward.body).toEqual({
        supported: true,
        name: 'alice.eth',
        address: lower(alice.address),
        avatar: 'https://images.test/alice.png',
      })
      const reverse = await server.get(`/v1/identity/${alice.address}?chainId=${chainId}`)
      expect(reverse.body).toEqual({
        supported: true,
        address: lower(alice.address),
        name: 'alice.eth',
        avatar: 'https://images.test/alice.png',
      })
      const invalid = await server.get<ErrorAnswer>(`/v1/names/a%20b.eth?chainId=${chainId}`)
      expect(invalid.status).toBe(400)
      expect(invalid.body.error.name).toBe('InvalidRequestError')
    } finally {
      await server.close()
    }
  })

  test('behavior: a resolver that reverts answers no name, not an error', async () => {
    const server = await startTestServer({
      chains: { [chainId]: anvil.rpcUrl },
      // The ERC-20 has no resolver functions: every lookup reverts.
      chainData: { chains: { [chainId]: { ensUniversalResolver: tst } } },
    })
    try {
      const forward = await server.get(`/v1/names/alice.eth?chainId=${chainId}`)
      expect(forward.body).toEqual({
        supported: true,
        name: 'alice.eth',
        address: null,
        avatar: null,
      })
      const reverse = await server.get(`/v1/identity/${alice.address}?chainId=${chainId}`)
      expect(reverse.body).toMatchObject({ supported: true, name: null, avatar: null })
    } finally {
      await server.close()
    }
  })
})

describe('node failures', () => {
  test('error: a node that cannot be reached is a typed chain error, and nothing is indexed', async () => {
    const server = await startTestServer({
      chains: { [chainId]: 'http://127.0.0.1:1' },
      rpc: { retries: 0, timeoutMs: 2_000 },
    })
    try {
      for (const path of ['balance', 'history', 'nfts']) {
        const answer = await server.get<ErrorAnswer>(
          `/v1/account/${alice.address}/${path}?chainId=${chainId}`,
        )
        expect(answer.status, path).toBeGreaterThanOrEqual(502)
        expect(answer.body.error.name, path).toMatch(
          /^(ChainRequestFailedError|ChainTimeoutError)$/,
        )
      }
      expect(await server.server.context.storage.chainIndex.cursor(chainId)).toBeUndefined()
    } finally {
      await server.close()
    }
  })
})
