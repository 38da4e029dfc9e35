import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { labRouterAbi } from '../../test/harness/contracts/swap/swapLab.fixture'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { type SwapLabParts, startSwapLab } from '../../test/harness/swap/startSwapLab'
import { labProviders } from '../../test/harness/swap/swapProviders'
import { RateLimitedError } from '../errors/RateLimitedError'
import { SwapInsufficientBalanceError } from '../errors/SwapInsufficientBalanceError'
import { SwapNoLiquidityError } from '../errors/SwapNoLiquidityError'
import { SwapProviderUnauthorizedError } from '../errors/SwapProviderUnauthorizedError'
import { createZeroExSwapProvider } from './createZeroExSwapProvider'
import { nativeTokenAddress, type SwapRequest } from './swapTypes'

const taker = anvilAccounts[1]?.address as `0x${string}`
const feeRecipient = '0x00000000000000000000000000000000000fee01'
let parts: SwapLabParts
beforeAll(async () => {
  parts = await startSwapLab()
})
afterAll(() => parts?.stop())

const ethForLab = (): SwapRequest => ({
  chainId: parts.lab.chain.id,
  sellToken: nativeTokenAddress,
  buyToken: parts.lab.lab,
  sellAmount: parseEther('1'),
  taker,
})
const poolQuote = (feeBps: bigint) =>
  parts.lab.client.readContract({
    address: parts.lab.router,
    abi: labRouterAbi,
    functionName: 'quote',
    args: [nativeTokenAddress, parts.lab.lab, parseEther('1'), feeBps],
  })

describe('createZeroExSwapProvider', () => {
  test('default: quotes an exact input at the pool price, with the 1 % floor', async () => {
    const quote = await labProviders(parts).allowanceHolder.quote(ethForLab())
    const [buyAmount] = await poolQuote(0n)
    expect(quote.buyAmount).toBe(buyAmount)
    expect(quote.minBuyAmount).toBe((buyAmount * 9_900n) / 10_000n)
    expect(quote.spender).toBeUndefined()
    expect(parts.api.requests.at(-1)).toMatchObject({
      path: '/0x/swap/allowance-holder/price',
      apiKey: parts.api.apiKey,
      query: { chainId: '1', sellAmount: String(parseEther('1')), slippageBps: '100' },
    })
  })

  test('parameters: fee: the integrator fee is asked for in the buy token and read back', async () => {
    const { allowanceHolder } = labProviders(parts, { fee: { recipient: feeRecipient, bps: 50 } })
    const quote = await allowanceHolder.quote(ethForLab())
    const [buyAmount, fee] = await poolQuote(50n)
    expect(quote.buyAmount).toBe(buyAmount)
    expect(quote.fee).toEqual({ token: parts.lab.lab.toLowerCase(), amount: fee })
    expect(fee).toBeGreaterThan(0n)
  })

  test('behavior: the allowance-holder build is one transaction to the router', async () => {
    const build = await labProviders(parts).allowanceHolder.build(ethForLab())
    expect(build.kind).toBe('transaction')
    expect(build.transaction).toMatchObject({
      to: parts.lab.router,
      value: parseEther('1'),
      from: taker,
    })
  })

  test('behavior: the permit2 build is Permit2 typed data plus the transaction it completes', async () => {
    await parts.lab.mint(parts.lab.lab, taker, parseEther('10'))
    const request = { ...ethForLab(), sellToken: parts.lab.lab, buyToken: nativeTokenAddress }
    const build = await labProviders(parts).permit2.build(request)
    if (build.kind !== 'signature') throw new Error('expected a signature build')
    expect(build.typedData.domain).toEqual({
      name: 'Permit2',
      chainId: 1,
      verifyingContract: parts.lab.permit2,
    })
    expect(build.typedData.message.permitted).toEqual({
      token: parts.lab.lab,
      amount: parseEther('1'),
    })
    expect(build.quote.spender).toBe(parts.lab.permit2)
    const signature = `0x${'ab'.repeat(65)}` as const
    // 0x's rule: the signature's length as a 32-byte word, then the signature, after the calldata.
    expect(build.complete(signature).data).toBe(
      `${build.transaction.data}${(65).toString(16).padStart(64, '0')}${'ab'.repeat(65)}`,
    )
  })

  describe('errors', () => {
    test('behavior: a pair without a pool is SwapNoLiquidityError', async () => {
      const request = { ...ethForLab(), buyToken: parts.lab.lone }
      await expect(labProviders(parts).allowanceHolder.quote(request)).rejects.toBeInstanceOf(
        SwapNoLiquidityError,
      )
    })

    test('behavior: a taker without the sell amount is SwapInsufficientBalanceError', async () => {
      const request = { ...ethForLab(), sellToken: parts.lab.usdl, buyToken: parts.lab.lab }
      await expect(labProviders(parts).allowanceHolder.build(request)).rejects.toThrowError(
        SwapInsufficientBalanceError,
      )
    })

    test('behavior: a refused key is SwapProviderUnauthorizedError', async () => {
      const provider = createZeroExSwapProvider({
        baseUrl: parts.api.zeroExUrl,
        apiKey: 'wrong',
        contracts: { 1: { targets: [parts.lab.router], spender: parts.lab.router } },
      })
      const error = await provider.quote(ethForLab()).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SwapProviderUnauthorizedError)
      expect((error as Error).message.split('\n')[0]).toMatchInlineSnapshot(
        `"The swap provider 0x refused the API key: set a valid key on the Latchkey server"`,
      )
    })

    test('behavior: a 429 is RateLimitedError with the Retry-After', async () => {
      parts.api.rateLimited = true
      try {
        const error = await labProviders(parts)
          .allowanceHolder.quote(ethForLab())
          .catch((e) => e)
        expect(error).toBeInstanceOf(RateLimitedError)
        expect((error as RateLimitedError).retryAfter).toBe(7)
      } finally {
        parts.api.rateLimited = false
      }
    })
  })
})
