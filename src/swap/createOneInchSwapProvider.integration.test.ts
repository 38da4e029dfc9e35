import { parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { labRouterAbi, labTokenAbi } from '../../test/harness/contracts/swap/swapLab.fixture'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { type SwapLabParts, startSwapLab } from '../../test/harness/swap/startSwapLab'
import { labProviders } from '../../test/harness/swap/swapProviders'
import { RateLimitedError } from '../errors/RateLimitedError'
import { SwapInsufficientBalanceError } from '../errors/SwapInsufficientBalanceError'
import { SwapNoLiquidityError } from '../errors/SwapNoLiquidityError'
import { SwapProviderUnauthorizedError } from '../errors/SwapProviderUnauthorizedError'
import { createOneInchSwapProvider } from './createOneInchSwapProvider'
import type { SwapRequest } from './swapTypes'

const taker = anvilAccounts[2]?.address as `0x${string}`
const feeRecipient = '0x00000000000000000000000000000000000fee02'
let parts: SwapLabParts
beforeAll(async () => {
  parts = await startSwapLab()
})
afterAll(() => parts?.stop())

const labForUsdl = (): SwapRequest => ({
  chainId: parts.lab.chain.id,
  sellToken: parts.lab.lab,
  buyToken: parts.lab.usdl,
  sellAmount: parseEther('100'),
  taker,
})

describe('createOneInchSwapProvider', () => {
  test('default: quotes an exact input at the pool price; the spender is the trusted router', async () => {
    const quote = await labProviders(parts).oneInch.quote(labForUsdl())
    const [buyAmount] = await parts.lab.client.readContract({
      address: parts.lab.router,
      abi: labRouterAbi,
      functionName: 'quote',
      args: [parts.lab.lab, parts.lab.usdl, parseEther('100'), 0n],
    })
    expect(quote.buyAmount).toBe(buyAmount)
    expect(buyAmount / 10n ** 6n).toBe(99n) // 100 LAB ≈ 99.6 USDL after the 0.3 % pool fee
    expect(quote.spender).toBe(parts.lab.router)
    expect(parts.api.requests.at(-1)).toMatchObject({
      path: '/1inch/swap/v6.0/1/quote',
      apiKey: parts.api.apiKey,
    })
  })

  test('parameters: fee: asked for as a percent with the referrer on the build', async () => {
    await parts.lab.mint(parts.lab.lab, taker, parseEther('100'))
    await parts.lab.write(anvilAccounts[2] as never, parts.lab.lab, labTokenAbi, 'approve', [
      parts.lab.router,
      parseEther('100'),
    ])
    const { oneInch } = labProviders(parts, { fee: { recipient: feeRecipient, bps: 50 } })
    const build = await oneInch.build(labForUsdl())
    expect(build.transaction).toMatchObject({ to: parts.lab.router, value: 0n, from: taker })
    expect(parts.api.requests.at(-1)?.query).toMatchObject({
      fee: '0.5',
      referrer: feeRecipient,
      slippage: '1',
      from: taker,
    })
  })

  describe('errors', () => {
    test('behavior: a pair without a pool is SwapNoLiquidityError', async () => {
      const request = { ...labForUsdl(), buyToken: parts.lab.lone }
      await expect(labProviders(parts).oneInch.quote(request)).rejects.toBeInstanceOf(
        SwapNoLiquidityError,
      )
    })

    test('behavior: a taker without the sell amount is SwapInsufficientBalanceError', async () => {
      const request = {
        ...labForUsdl(),
        sellToken: parts.lab.usdl,
        buyToken: parts.lab.lab,
        sellAmount: parseUnits('1', 6),
      }
      await expect(labProviders(parts).oneInch.build(request)).rejects.toBeInstanceOf(
        SwapInsufficientBalanceError,
      )
    })

    test('behavior: a refused key is SwapProviderUnauthorizedError', async () => {
      const provider = createOneInchSwapProvider({
        baseUrl: parts.api.oneInchUrl,
        contracts: { 1: { targets: [parts.lab.router], spender: parts.lab.router } },
      })
      await expect(provider.quote(labForUsdl())).rejects.toBeInstanceOf(
        SwapProviderUnauthorizedError,
      )
    })

    test('behavior: a 429 is RateLimitedError', async () => {
      parts.api.rateLimited = true
      try {
        await expect(labProviders(parts).oneInch.quote(labForUsdl())).rejects.toBeInstanceOf(
          RateLimitedError,
        )
      } finally {
        parts.api.rateLimited = false
      }
    })
  })
})
