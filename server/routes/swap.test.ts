import { parseEther } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { RateLimitedError } from '../../src/errors/RateLimitedError'
import { SwapProviderError } from '../../src/errors/SwapProviderError'
import { SwapProviderUnauthorizedError } from '../../src/errors/SwapProviderUnauthorizedError'
import { executeSwap } from '../../src/swap/executeSwap'
import { nativeTokenAddress, type SwapRequest } from '../../src/swap/swapTypes'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { type SwapLabParts, startSwapLab } from '../../test/harness/swap/startSwapLab'
import { labProviders, labWallet } from '../../test/harness/swap/swapProviders'

const [, alice] = anvilAccounts as [PrivateKeyAccount, PrivateKeyAccount]
const dapp = 'http://dapp.test:5173'
const operatorFee = '0x00000000000000000000000000000000000fee04'
let parts: SwapLabParts
let t: TestServer
let closed: TestServer

/** A page's fetch: its Origin on every request, as a browser sends it cross-origin. */
const pageFetch =
  (origin: string): typeof fetch =>
  (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as object), origin } })
const through = (server: TestServer, origin = dapp) =>
  labProviders(parts, {
    base: {
      zeroExUrl: `${server.url}/v1/swap/0x`,
      oneInchUrl: `${server.url}/v1/swap/1inch`,
      fetch: pageFetch(origin),
    },
  })

beforeAll(async () => {
  parts = await startSwapLab()
  const provider = (url: string) => ({ apiKey: parts.api.apiKey, baseUrl: url })
  t = await startTestServer({
    swap: {
      zeroEx: provider(parts.api.zeroExUrl),
      oneInch: { ...provider(parts.api.oneInchUrl), fee: { recipient: operatorFee, bps: 30 } },
    },
    rateLimits: { swapPerAddress: { limit: 40, windowMs: 60_000 } },
  })
  closed = await startTestServer({
    swap: { zeroEx: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9/0x' } },
  })
})
afterAll(async () => {
  await t?.close()
  await closed?.close()
  await parts?.stop()
})

const ethForLab = (): SwapRequest => ({
  chainId: 1,
  sellToken: nativeTokenAddress,
  buyToken: parts.lab.lab,
  sellAmount: parseEther('1'),
  taker: alice.address,
})

describe('swap routes', () => {
  test('default: a swap through latchkey serve, the key added by the server only', async () => {
    const before = await parts.lab.balanceOf(parts.lab.lab, alice.address)
    const seen: string[] = []
    const providers = labProviders(parts, {
      base: {
        zeroExUrl: `${t.url}/v1/swap/0x`,
        oneInchUrl: `${t.url}/v1/swap/1inch`,
        fetch: async (input, init) => {
          const response = await pageFetch(dapp)(input, init)
          seen.push(await response.clone().text(), JSON.stringify([...response.headers]))
          return response
        },
      },
    })
    const { build } = await executeSwap({
      provider: providers.allowanceHolder,
      request: ethForLab(),
      publicClient: parts.lab.client,
      walletClient: labWallet(parts, alice),
    })
    expect(await parts.lab.balanceOf(parts.lab.lab, alice.address)).toBe(
      before + build.quote.buyAmount,
    )
    expect(parts.api.requests.at(-1)).toMatchObject({
      path: '/0x/swap/allowance-holder/quote',
      apiKey: parts.api.apiKey,
      origin: undefined, // nothing of the page's request goes upstream
    })
    expect(seen.join('\n')).not.toContain(parts.api.apiKey)
  })

  test('behavior: an origin not allowed is refused with OriginNotAllowedError', async () => {
    const error = await through(t, 'https://evil.example')
      .allowanceHolder.quote(ethForLab())
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OriginNotAllowedError)
  })

  test('behavior: price calls are reused for priceCacheMs; builds are not', async () => {
    const count = () => parts.api.requests.length
    const { oneInch } = through(t)
    const first = count()
    await oneInch.quote(ethForLab())
    await oneInch.quote(ethForLab())
    expect(count()).toBe(first + 1)
    t.clock.advance(5_001)
    await oneInch.quote(ethForLab())
    expect(count()).toBe(first + 2)
    await oneInch.build(ethForLab())
    await oneInch.build(ethForLab())
    expect(count()).toBe(first + 4)
  })

  test("parameters: fee: the operator's fee replaces the page's", async () => {
    const response = await pageFetch(dapp)(
      `${t.url}/v1/swap/1inch/swap/v6.0/1/quote?src=${nativeTokenAddress}&dst=${parts.lab.lab}&amount=7&fee=0&referrer=${alice.address}`,
    )
    expect(response.status).toBe(200)
    expect(parts.api.requests.at(-1)?.query).toMatchObject({ fee: '0.3', referrer: operatorFee })
  })

  test('behavior: an unknown parameter is refused, not forwarded', async () => {
    const count = parts.api.requests.length
    const response = await pageFetch(dapp)(
      `${t.url}/v1/swap/0x/swap/permit2/price?chainId=1&apiKey=mine`,
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { name: string } }).error.name).toBe(
      'InvalidRequestError',
    )
    expect(parts.api.requests.length).toBe(count)
  })

  test("behavior: the provider's refusals keep their meaning through the server", async () => {
    parts.api.rateLimited = true
    try {
      await expect(through(t).allowanceHolder.build(ethForLab())).rejects.toBeInstanceOf(
        RateLimitedError,
      )
    } finally {
      parts.api.rateLimited = false
    }
    const wrongKey = await startTestServer({
      swap: { zeroEx: { apiKey: 'wrong', baseUrl: parts.api.zeroExUrl } },
    })
    try {
      await expect(through(wrongKey).allowanceHolder.quote(ethForLab())).rejects.toBeInstanceOf(
        SwapProviderUnauthorizedError,
      )
    } finally {
      await wrongKey.close()
    }
  })

  test('behavior: an upstream that does not answer is SwapProviderError (502)', async () => {
    const error = await through(closed)
      .allowanceHolder.quote(ethForLab())
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapProviderError)
    expect((error as SwapProviderError).status).toBe(0)
  })

  test('behavior: over the rate limit per address is RateLimitedError', async () => {
    const limited = await startTestServer({
      swap: { zeroEx: { apiKey: parts.api.apiKey, baseUrl: parts.api.zeroExUrl } },
      rateLimits: { swapPerAddress: { limit: 2, windowMs: 60_000 } },
    })
    try {
      const { allowanceHolder } = through(limited)
      await allowanceHolder.build(ethForLab())
      await allowanceHolder.build(ethForLab())
      const error = await allowanceHolder.build(ethForLab()).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(RateLimitedError)
      expect((error as RateLimitedError).retryAfter).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})
