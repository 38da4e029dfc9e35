import { parseEther } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { type SwapLabParts, startSwapLab } from '../../test/harness/swap/startSwapLab'
import { labProviders, labWallet } from '../../test/harness/swap/swapProviders'
import { type SwapTamperKind, swapTamper } from '../../test/harness/swap/swapTamper'
import { SwapQuoteUnsafeError } from '../errors/SwapQuoteUnsafeError'
import { checkSwapBuild } from './checkSwapBuild'
import { executeSwap } from './executeSwap'
import { nativeTokenAddress, type SwapRequest } from './swapTypes'

const [, alice] = anvilAccounts as [PrivateKeyAccount, PrivateKeyAccount]
/** Where a tampering API points: an attacker's contract. */
const attacker = '0x000000000000000000000000000000000000dEaD'
let parts: SwapLabParts
beforeAll(async () => {
  parts = await startSwapLab()
  await parts.lab.mint(parts.lab.lab, alice.address, parseEther('1000'))
})
afterAll(() => parts?.stop())
afterEach(() => {
  parts.api.tamper = undefined
})

const sellEth = (): SwapRequest => ({
  chainId: 1,
  sellToken: nativeTokenAddress,
  buyToken: parts.lab.lab,
  sellAmount: parseEther('1'),
  taker: alice.address,
})
const sellLab = (): SwapRequest => ({
  ...sellEth(),
  sellToken: parts.lab.lab,
  buyToken: parts.lab.usdl,
  sellAmount: parseEther('10'),
})
const requests = { ETH: sellEth, LAB: sellLab }

describe('checkSwapBuild: tampered quotes are refused before the wallet', () => {
  test.each<[SwapTamperKind, 'allowanceHolder' | 'permit2' | 'oneInch', 'ETH' | 'LAB', string]>([
    ['sellAmount', 'allowanceHolder', 'ETH', 'sellAmount'],
    ['sellAmount', 'permit2', 'LAB', 'sellAmount'],
    ['value', 'oneInch', 'ETH', 'value'],
    ['value', 'allowanceHolder', 'ETH', 'value'],
    ['target', 'oneInch', 'ETH', 'target'],
    ['target', 'allowanceHolder', 'LAB', 'target'],
    ['spender', 'allowanceHolder', 'LAB', 'spender'],
    ['permit2Contract', 'permit2', 'LAB', 'permit2Domain'],
    ['permit2Amount', 'permit2', 'LAB', 'permit2Amount'],
    ['deadline', 'permit2', 'LAB', 'deadline'],
  ])('behavior: %s through %s selling %s is refused as %s', async (kind, provider, sell, field) => {
    parts.api.tamper = swapTamper(kind, attacker)
    const request = requests[sell]()
    let approvals = 0
    const buyBefore = await parts.lab.balanceOf(request.buyToken, alice.address)
    const nonceBefore = await parts.lab.client.getTransactionCount({ address: alice.address })
    const error = await executeSwap({
      provider: labProviders(parts)[provider],
      request,
      publicClient: parts.lab.client,
      walletClient: labWallet(parts, alice),
      onProgress: ({ step }) => {
        if (step === 'approve') approvals++
      },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapQuoteUnsafeError)
    expect((error as SwapQuoteUnsafeError).field).toBe(field)
    // Nothing but our own approvals reached the chain, and nothing was bought.
    expect(await parts.lab.client.getTransactionCount({ address: alice.address })).toBe(
      nonceBefore + approvals,
    )
    expect(await parts.lab.balanceOf(request.buyToken, alice.address)).toBe(buyBefore)
  })

  test('behavior: a floor below the slippage asked for is refused', async () => {
    const provider = labProviders(parts).allowanceHolder
    const request = { ...sellEth(), slippageBps: 50 } // the API is asked for 0.5 %…
    const build = await provider.build(request)
    const contracts = provider.contracts(1)
    const now = { nowSeconds: Math.floor(Date.now() / 1000) }
    expect(() => checkSwapBuild(request, build, contracts, now)).not.toThrow()
    const loose = { ...build, quote: { ...build.quote, minBuyAmount: build.quote.buyAmount / 2n } }
    const error = (() => {
      try {
        checkSwapBuild(request, loose, contracts, now)
      } catch (e) {
        return e as SwapQuoteUnsafeError
      }
    })()
    expect(error?.field).toBe('minBuyAmount')
    expect(error?.message.split('\n').slice(0, 2)).toMatchInlineSnapshot(`
      [
        "The swap quote does not match the request and was refused: ask for a new quote",
        "",
      ]
    `)
  })
})
