import { QueryClient } from '@tanstack/react-query'
import { parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { swapPriceImpact } from '../../src/swap/swapPriceImpact'
import { nativeTokenAddress, type SwapRequest } from '../../src/swap/swapTypes'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { type SwapLabParts, startSwapLab } from '../../test/harness/swap/startSwapLab'
import { labProviders } from '../../test/harness/swap/swapProviders'
import { readSwapPriceImpact, swapReferenceMs } from './readSwapPriceImpact'

let parts: SwapLabParts
beforeAll(async () => {
  parts = await startSwapLab()
})
afterAll(() => parts?.stop())
afterEach(() => vi.useRealTimers())

const request = (sellAmount: bigint): SwapRequest => ({
  chainId: parts.lab.chain.id,
  sellToken: nativeTokenAddress,
  buyToken: parts.lab.lab,
  sellAmount,
  taker: anvilAccounts[1]?.address as `0x${string}`,
})
/** Price calls the local quote API has answered. */
const priceCalls = () => parts.api.requests.filter((each) => each.path.endsWith('/price')).length

describe('readSwapPriceImpact', () => {
  test('behavior: ten refreshes of one pair and amount ask the provider 11 times, not 20', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const queryClient = new QueryClient()
    const { allowanceHolder: provider } = labProviders(parts)
    const asked = request(parseEther('50'))
    const before = priceCalls()
    const impacts: (number | undefined)[] = []
    // what the Swap view does every 10 s: a fresh quote, and its price impact
    for (let refresh = 0; refresh < 10; refresh++) {
      const quote = await provider.quote(asked)
      impacts.push(await readSwapPriceImpact(queryClient, provider, asked, quote))
      vi.setSystemTime(Date.now() + 5_000)
    }
    expect(priceCalls() - before).toBe(11)
    // the impact is the one a second quote would give (the pool did not move)
    const direct = swapPriceImpact(
      await provider.quote(asked),
      await provider.quote(request(parseEther('50') / 1000n)),
    )
    expect(direct).toBeGreaterThan(0.001)
    expect(new Set(impacts)).toEqual(new Set([direct]))

    // another amount has its own reference; and a minute later the reference is asked again
    const counted = priceCalls()
    const other = request(parseEther('2'))
    await readSwapPriceImpact(queryClient, provider, other, await provider.quote(other))
    expect(priceCalls() - counted).toBe(2)
    vi.setSystemTime(Date.now() + swapReferenceMs + 1)
    await readSwapPriceImpact(queryClient, provider, asked, await provider.quote(asked))
    expect(priceCalls() - counted).toBe(4)
  })

  test('behavior: no reference (the provider fails it) is an unknown impact, not an error', async () => {
    const { allowanceHolder: provider } = labProviders(parts)
    const quote = await provider.quote(request(parseEther('1')))
    parts.api.rateLimited = true
    try {
      expect(
        await readSwapPriceImpact(new QueryClient(), provider, request(parseEther('1')), quote),
      ).toBeUndefined()
    } finally {
      parts.api.rateLimited = false
    }
  })
})
