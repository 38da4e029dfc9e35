import { parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { labRouterAbi, labTokenAbi } from '../contracts/swap/swapLab.fixture'
import { anvilAccounts } from '../deployTokens'
import { nativeToken } from './deploySwapLab'
import { type SwapLabParts, startSwapLab } from './startSwapLab'

const [, alice, bob] = anvilAccounts as [
  never,
  (typeof anvilAccounts)[number],
  (typeof anvilAccounts)[number],
]
let parts: SwapLabParts

beforeAll(async () => {
  parts = await startSwapLab()
})
afterAll(() => parts?.stop())

const order = (overrides: Record<string, unknown>) => ({
  sellToken: nativeToken,
  buyToken: parts.lab.lab,
  sellAmount: parseEther('1'),
  minBuyAmount: 0n,
  recipient: alice.address,
  feeRecipient: bob.address,
  feeBps: 0n,
  deadline: 2n ** 40n,
  ...overrides,
})

describe('swap lab contracts', () => {
  test('default: ether for LAB through the router, at the pool price', async () => {
    const { lab } = parts
    const expected = await lab.client.readContract({
      address: lab.router,
      abi: labRouterAbi,
      functionName: 'quote',
      args: [nativeToken, lab.lab, parseEther('1'), 0n],
    })
    const before = await lab.balanceOf(lab.lab, alice.address)
    await lab.write(alice, lab.router, labRouterAbi, 'swap', [order({})], parseEther('1'))
    expect((await lab.balanceOf(lab.lab, alice.address)) - before).toBe(expected[0])
    // x·y = k with 0.3 % kept: 1 ETH into 100 ETH / 200,000 LAB buys a little under 1,980 LAB.
    expect(expected[0] / 10n ** 18n).toBe(1974n)
  })

  test('behavior: the USDT-style token wants approve(0) before another allowance', async () => {
    const { lab } = parts
    await lab.mint(lab.usdl, alice.address, parseUnits('10', 6))
    await lab.write(alice, lab.usdl, labTokenAbi, 'approve', [lab.router, 1n])
    await expect(
      lab.write(alice, lab.usdl, labTokenAbi, 'approve', [lab.router, 2n]),
    ).rejects.toThrow(/ApproveFromNonZero/)
  })

  test('behavior: the router refuses an output below the minimum', async () => {
    const { lab } = parts
    await expect(
      lab.write(
        alice,
        lab.router,
        labRouterAbi,
        'swap',
        [order({ minBuyAmount: parseEther('100000') })],
        parseEther('1'),
      ),
    ).rejects.toThrow(/InsufficientOutput/)
  })
})
