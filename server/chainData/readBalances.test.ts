import { formatEther, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type PriceServer, startPriceServer } from '../../test/harness/startPriceServer'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import {
  alice,
  tokenChainId as chainId,
  startTokenChain,
  type TokenChain,
  tokenChainOptions,
} from '../../test/harness/tokenChain'
import type { BalancesAnswer } from './readBalances'

const caip2 = `eip155:${chainId}`

let chain: TokenChain
let prices: PriceServer
let t: TestServer
let free: `0x${string}`
const warnings: string[] = []
const logger = { info: () => {}, warn: (message: string) => warnings.push(message) }

beforeAll(async () => {
  chain = await startTokenChain()
  const { tokens, tst, usdt } = chain
  free = await tokens.deployErc20({ name: 'Free Token', symbol: 'FREE' })
  await tokens.mintErc20(tst, alice.address, parseEther('4'))
  await tokens.transferToken(usdt, alice.address, parseUnits('2.5', 6))
  await tokens.mintErc20(free, alice.address, parseEther('7'))
  prices = await startPriceServer({
    [`${caip2}:${tst.toLowerCase()}`]: 1.25,
    // The API's price wins over the configured one.
    [`${caip2}:${usdt.toLowerCase()}`]: 0.99,
  })
  t = await startTestServer({
    logger,
    ...tokenChainOptions(
      chain,
      {
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2000 },
        tokens: [
          chain.listed.tst,
          { ...chain.listed.usdt, price: 1 },
          { address: free, name: 'Free Token', symbol: 'FREE', decimals: 18 },
        ],
      },
      { indexIntervalMs: 0, priceUrl: prices.url },
    ),
  })
}, 60_000)

afterAll(async () => {
  await t?.close()
  await prices?.close()
  await chain?.stop()
})

const read = async () => {
  const answer = await t.get<BalancesAnswer>(
    `/v1/account/${alice.address}/balance?chainId=${caip2}`,
  )
  expect(answer.status).toBe(200)
  return Object.fromEntries(answer.body.balances.map((entry) => [entry.symbol, entry]))
}

describe('readBalances: prices', () => {
  test('default: price and value where the price API or the configuration knows them, none otherwise (never 0)', async () => {
    const bySymbol = await read()
    const ether = Number(bySymbol.ETH?.quantity.numeric)
    expect(bySymbol.ETH?.quantity.numeric).toBe(
      formatEther(await chain.tokens.client.getBalance(alice)),
    )
    expect(bySymbol.ETH).toMatchObject({ price: 2000 })
    expect(bySymbol.ETH?.value).toBeCloseTo(ether * 2000, 4)
    expect(bySymbol.TST).toMatchObject({ price: 1.25, value: 5 })
    expect(bySymbol.USDT).toMatchObject({ price: 0.99, value: 2.475 })
    expect(bySymbol.FREE?.quantity.numeric).toBe('7')
    expect(bySymbol.FREE).not.toHaveProperty('price')
    expect(bySymbol.FREE).not.toHaveProperty('value')
  })

  test('behavior: prices are kept for priceTtlMs: a second answer asks the API nothing', async () => {
    await read()
    const asked = prices.asked.length
    await read()
    expect(prices.asked.length).toBe(asked)
  })

  test('error: a failing price API leaves its prices out (configured ones stay) and says so', async () => {
    const failing = await startPriceServer({})
    failing.status = 503
    const other = await startTestServer({
      logger,
      ...tokenChainOptions(
        chain,
        { tokens: [{ ...chain.listed.tst, price: 3 }, chain.listed.usdt] },
        { indexIntervalMs: 0, priceUrl: failing.url },
      ),
    })
    try {
      const answer = await other.get<BalancesAnswer>(
        `/v1/account/${alice.address}/balance?chainId=${caip2}`,
      )
      expect(answer.status).toBe(200)
      const [eth, token, tether] = answer.body.balances
      expect(eth).not.toHaveProperty('price')
      expect(token).toMatchObject({ symbol: 'TST', price: 3, value: 12 })
      expect(tether).toMatchObject({ symbol: 'USDT', quantity: { numeric: '2.5' } })
      expect(tether).not.toHaveProperty('price')
      expect(tether).not.toHaveProperty('value')
      expect(failing.asked).toHaveLength(1)
      expect(warnings.some((line) => line.includes('503'))).toBe(true)
    } finally {
      await other.close()
      await failing.close()
    }
  })

  test('error: a price that is not a positive number is dropped, never shown', async () => {
    const odd = await startPriceServer({
      [caip2]: 0,
      [`${caip2}:${chain.tst.toLowerCase()}`]: '12',
      [`${caip2}:${chain.usdt.toLowerCase()}`]: -1,
    })
    const other = await startTestServer(
      tokenChainOptions(
        chain,
        { tokens: [chain.listed.tst, chain.listed.usdt] },
        { indexIntervalMs: 0, priceUrl: odd.url },
      ),
    )
    try {
      const answer = await other.get<BalancesAnswer>(
        `/v1/account/${alice.address}/balance?chainId=${caip2}`,
      )
      expect(answer.body.balances).toHaveLength(3)
      for (const entry of answer.body.balances) {
        expect(entry).not.toHaveProperty('price')
        expect(entry).not.toHaveProperty('value')
      }
    } finally {
      await other.close()
      await odd.close()
    }
  })
})
