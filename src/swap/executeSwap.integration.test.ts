import { parseEther, parseUnits } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { labRouterAbi, labTokenAbi } from '../../test/harness/contracts/swap/swapLab.fixture'
import { anvilAccounts } from '../../test/harness/deployTokens'
import { type SwapLabParts, startSwapLab } from '../../test/harness/swap/startSwapLab'
import { labProviders, labWallet } from '../../test/harness/swap/swapProviders'
import { SwapSimulationFailedError } from '../errors/SwapSimulationFailedError'
import { executeSwap, type SwapProgress } from './executeSwap'
import { simulateSwap } from './simulateSwap'
import { nativeTokenAddress, type SwapProvider, type SwapRequest } from './swapTypes'

const [, alice, bob] = anvilAccounts as [PrivateKeyAccount, PrivateKeyAccount, PrivateKeyAccount]
const feeRecipient = '0x00000000000000000000000000000000000fee03'
let parts: SwapLabParts
beforeAll(async () => {
  parts = await startSwapLab()
})
afterAll(() => parts?.stop())

const request = (overrides: Partial<SwapRequest>): SwapRequest => ({
  chainId: parts.lab.chain.id,
  sellToken: nativeTokenAddress,
  buyToken: parts.lab.lab,
  sellAmount: parseEther('1'),
  taker: alice.address,
  ...overrides,
})
/** Balances of `tokens` held by `owner`, in order (one or two). */
const balances = (tokens: `0x${string}`[], owner: `0x${string}`) =>
  Promise.all(tokens.map((token) => parts.lab.balanceOf(token, owner))) as Promise<[bigint, bigint]>
const allowance = (token: `0x${string}`, spender: `0x${string}`) =>
  parts.lab.client.readContract({
    address: token,
    abi: labTokenAbi,
    functionName: 'allowance',
    args: [alice.address, spender],
  })
const run = (provider: keyof ReturnType<typeof labProviders>, swap: SwapRequest, fee?: number) => {
  const steps: SwapProgress['step'][] = []
  const providers = labProviders(parts, fee ? { fee: { recipient: feeRecipient, bps: fee } } : {})
  const done = executeSwap({
    provider: providers[provider],
    request: swap,
    publicClient: parts.lab.client,
    walletClient: labWallet(parts, alice),
    onProgress: (progress) =>
      steps.push(
        progress.step === 'approve' && progress.reset ? ('reset' as never) : progress.step,
      ),
  })
  return { done, steps }
}

describe('executeSwap', () => {
  test('default: ETH for LAB (0x allowance-holder): no approval, both balances change', async () => {
    const [ethBefore, labBefore] = await balances(
      [nativeTokenAddress, parts.lab.lab],
      alice.address,
    )
    const { done, steps } = run('allowanceHolder', request({}))
    const { build, receipt } = await done
    expect(receipt.status).toBe('success')
    expect(steps).toEqual(['build', 'simulate', 'send', 'confirm'])
    const [ethAfter, labAfter] = await balances([nativeTokenAddress, parts.lab.lab], alice.address)
    expect(labAfter - labBefore).toBe(build.quote.buyAmount)
    const gas = receipt.gasUsed * receipt.effectiveGasPrice
    expect(ethBefore - ethAfter).toBe(parseEther('1') + gas)
  })

  test('behavior: LAB for ETH (0x allowance-holder) approves exactly the sell amount first', async () => {
    await parts.lab.mint(parts.lab.lab, alice.address, parseEther('500'))
    const [labBefore] = await balances([parts.lab.lab], alice.address)
    const { done, steps } = run(
      'allowanceHolder',
      request({
        sellToken: parts.lab.lab,
        buyToken: nativeTokenAddress,
        sellAmount: parseEther('300'),
      }),
    )
    await done
    expect(steps).toEqual(['approve', 'build', 'simulate', 'send', 'confirm'])
    const [labAfter] = await balances([parts.lab.lab], alice.address)
    expect(labBefore - labAfter).toBe(parseEther('300'))
    expect(await allowance(parts.lab.lab, parts.lab.router)).toBe(0n) // exact: nothing left over
  })

  test('behavior: LAB for USDL (0x permit2) approves Permit2, signs, and swaps', async () => {
    await parts.lab.mint(parts.lab.lab, alice.address, parseEther('50'))
    const [labBefore, usdlBefore] = await balances([parts.lab.lab, parts.lab.usdl], alice.address)
    const { done, steps } = run(
      'permit2',
      request({ sellToken: parts.lab.lab, buyToken: parts.lab.usdl, sellAmount: parseEther('50') }),
    )
    const { build } = await done
    expect(build.kind).toBe('signature')
    expect(steps).toEqual(['approve', 'build', 'sign', 'simulate', 'send', 'confirm'])
    const [labAfter, usdlAfter] = await balances([parts.lab.lab, parts.lab.usdl], alice.address)
    expect(labBefore - labAfter).toBe(parseEther('50'))
    expect(usdlAfter - usdlBefore).toBe(build.quote.buyAmount)
    expect(await allowance(parts.lab.lab, parts.lab.permit2)).toBe(0n)
  })

  test('behavior: USDL (USDT-style) with an allowance left is approved to 0 first (1inch)', async () => {
    await parts.lab.mint(parts.lab.usdl, alice.address, parseUnits('40', 6))
    await parts.lab.write(alice, parts.lab.usdl, labTokenAbi, 'approve', [parts.lab.router, 1n])
    const [usdlBefore, labBefore] = await balances([parts.lab.usdl, parts.lab.lab], alice.address)
    const { done, steps } = run(
      'oneInch',
      request({
        sellToken: parts.lab.usdl,
        buyToken: parts.lab.lab,
        sellAmount: parseUnits('40', 6),
      }),
    )
    const { build } = await done
    expect(steps).toEqual(['reset', 'approve', 'build', 'simulate', 'send', 'confirm'])
    const [usdlAfter, labAfter] = await balances([parts.lab.usdl, parts.lab.lab], alice.address)
    expect(usdlBefore - usdlAfter).toBe(parseUnits('40', 6))
    expect(labAfter - labBefore).toBe(build.quote.buyAmount)
  })

  test.each([
    ['allowanceHolder', 50],
    ['oneInch', 125],
  ] as const)(
    'parameters: fee: %s pays the integrator exactly its %i bps of the buy token',
    async (provider, bps) => {
      const [feeBefore] = await balances([parts.lab.lab], feeRecipient)
      const [gross] = await parts.lab.client.readContract({
        address: parts.lab.router,
        abi: labRouterAbi,
        functionName: 'quote',
        args: [nativeTokenAddress, parts.lab.lab, parseEther('1'), 0n],
      })
      const { build } = await run(provider, request({}), bps).done
      const [feeAfter] = await balances([parts.lab.lab], feeRecipient)
      const fee = (gross * BigInt(bps)) / 10_000n
      expect(fee).toBeGreaterThan(0n)
      expect(feeAfter - feeBefore).toBe(fee)
      expect(build.quote.buyAmount).toBe(gross - fee)
      if (provider === 'allowanceHolder') expect(build.quote.fee?.amount).toBe(fee)
    },
  )

  test('behavior: a trade between the build and the send is caught by the simulation', async () => {
    const real = labProviders(parts).allowanceHolder
    const swap = request({ sellAmount: parseEther('2') })
    // The quote is fair when built; then bob buys LAB first, moving the price past the 1 % floor.
    const frontRunning: SwapProvider = {
      ...real,
      async build(asked, options) {
        const build = await real.build(asked, options)
        await simulateSwap(parts.lab.client, build.transaction) // fine before the trade
        await parts.lab.write(
          bob,
          parts.lab.router,
          labRouterAbi,
          'swap',
          [frontRun()],
          parseEther('5'),
        )
        return build
      },
    }
    const [labBefore] = await balances([parts.lab.lab], alice.address)
    const nonceBefore = await parts.lab.client.getTransactionCount({ address: alice.address })
    const steps: string[] = []
    const error = await executeSwap({
      provider: frontRunning,
      request: swap,
      publicClient: parts.lab.client,
      walletClient: labWallet(parts, alice),
      onProgress: ({ step }) => steps.push(step),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapSimulationFailedError)
    expect(steps).toEqual(['build', 'simulate'])
    // Nothing reached the wallet: no transaction, no LAB.
    expect(await parts.lab.client.getTransactionCount({ address: alice.address })).toBe(nonceBefore)
    const [labAfter] = await balances([parts.lab.lab], alice.address)
    expect(labAfter).toBe(labBefore)
  })
})

/** bob's own router order: 5 ETH for LAB, sent directly. */
function frontRun() {
  return {
    sellToken: nativeTokenAddress,
    buyToken: parts.lab.lab,
    sellAmount: parseEther('5'),
    minBuyAmount: 0n,
    recipient: bob.address,
    feeRecipient: bob.address,
    feeBps: 0n,
    deadline: 2n ** 40n,
  }
}
