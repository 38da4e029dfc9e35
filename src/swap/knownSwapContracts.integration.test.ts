import { parseEther } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { type SwapLabParts, startSwapLab } from '../../test/harness/swap/startSwapLab'
import { SwapQuoteUnsafeError } from '../errors/SwapQuoteUnsafeError'
import { checkSwapBuild } from './checkSwapBuild'
import { createSwapProviderFromOption } from './createSwapProviderFromOption'
import { knownSwapContracts, oneInchRouterV6, zeroExAllowanceHolder } from './knownSwapContracts'
import { swapChainIds } from './swapChainIds'
import { nativeTokenAddress, type SwapProvider, type SwapRequest } from './swapTypes'

const [, alice] = anvilAccounts as [PrivateKeyAccount, PrivateKeyAccount]
let parts: SwapLabParts
beforeAll(async () => {
  parts = await startSwapLab()
})
afterAll(() => parts?.stop())

// The lab's quote API answers on chain 1 with its own router as the target: to the built-in
// lists (0x AllowanceHolder, 1inch's v6 router) that is an unknown contract.
const refusal = async (provider: SwapProvider) => {
  const request: SwapRequest = {
    chainId: 1,
    sellToken: nativeTokenAddress,
    buyToken: parts.lab.lab,
    sellAmount: parseEther('1'),
    taker: alice.address,
  }
  const build = await provider.build(request)
  expect(build.transaction.to.toLowerCase()).toBe(parts.lab.router.toLowerCase())
  try {
    checkSwapBuild(request, build, provider.contracts(1), { nowSeconds: 0 })
  } catch (error) {
    return error
  }
  return undefined
}
const fetchLab: typeof fetch = (input, init) =>
  fetch(
    String(input instanceof Request ? input.url : input).replace(
      /^.*\/v1\/swap\/(0x|1inch)/,
      (_, id: string) => (id === '0x' ? parts.api.zeroExUrl : parts.api.oneInchUrl),
    ),
    {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        '0x-api-key': parts.api.apiKey,
        authorization: `Bearer ${parts.api.apiKey}`,
      },
    },
  )

describe('knownSwapContracts', () => {
  test('default: the published contracts on SPEC §9 swap networks', () => {
    const zeroEx = knownSwapContracts('0x')
    expect(zeroEx[1]).toEqual({ targets: [zeroExAllowanceHolder], spender: zeroExAllowanceHolder })
    expect(Object.keys(zeroEx).map(Number)).toEqual([1, 10, 56, 137, 8453, 42161, 43114])
    const oneInch = knownSwapContracts('1inch')
    expect(Object.keys(oneInch).map(Number).sort()).toEqual([...swapChainIds].sort())
    expect(oneInch[8453]?.targets).toEqual([oneInchRouterV6])
    expect(oneInch[324]?.spender).toBe('0x6fd4383cB451173D5f9304F041C7BCBf27d561fF')
    // 0x Settler is never hard-coded: permit2 mode needs the operator's contracts
    expect(knownSwapContracts('0x', 'permit2')).toEqual({})
  })

  test.each(['0x', '1inch'] as const)(
    'behavior: %s without configured contracts refuses a quote whose target is not in the list',
    async (provider) => {
      const swap = createSwapProviderFromOption({
        option: { url: 'http://swap.test', provider },
        fetch: fetchLab,
      })
      expect(swap.supportsChain(1)).toBe(true)
      const error = await refusal(swap)
      expect(error).toBeInstanceOf(SwapQuoteUnsafeError)
      expect((error as SwapQuoteUnsafeError).field).toBe('target')
    },
  )

  test('behavior: configured contracts replace the list (the lab router is then trusted)', async () => {
    const { router } = parts.lab
    const swap = createSwapProviderFromOption({
      option: {
        url: 'http://swap.test',
        provider: '1inch',
        contracts: { 1: { targets: [router], spender: router } },
      },
      fetch: fetchLab,
    })
    expect(await refusal(swap)).toBeUndefined()
  })
})
