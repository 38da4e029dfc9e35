import { parseGwei } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ServerContext } from '../context'
import { type LatchkeyServerOptions, parseServerOptions } from '../options'
import { assertFeeWithinCap, feeCapFor, fillFees, type NetworkFees } from './feeCap'

const contextWith = (feeCap?: LatchkeyServerOptions['feeCap']) =>
  ({ options: parseServerOptions(feeCap ? { feeCap } : {}) }) as unknown as ServerContext
const hex = (value: bigint) => `0x${value.toString(16)}` as `0x${string}`
const network: NetworkFees = { baseFee: parseGwei('10'), eip1559: true, tip: parseGwei('1') }

function messageOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return (error as { shortMessage: string }).shortMessage
  }
  return 'no error'
}

describe('feeCap', () => {
  test('default: 2 × base fee + tip, a 10 gwei tip and 0.05 per transaction', () => {
    expect(feeCapFor(contextWith(), 1)).toEqual({
      baseFeeMultiplier: 2,
      maxTip: parseGwei('10'),
      maxFee: 50_000_000_000_000_000n,
    })
    const custom = contextWith({ maxFeePerTransaction: { default: '0.05', 56: '0.01' } })
    expect(feeCapFor(custom, 56).maxFee).toBe(10_000_000_000_000_000n)
    expect(feeCapFor(custom, 1).maxFee).toBe(50_000_000_000_000_000n)
  })

  test('default: filled fees are within the cap, and stay so if the base fee falls a little', () => {
    const context = contextWith()
    const fees = fillFees(context, 1, network, {})
    expect(fees).toEqual({
      maxFeePerGas: hex(parseGwei('13.5')),
      maxPriorityFeePerGas: hex(parseGwei('1')),
    })
    const fallen = { ...network, baseFee: (network.baseFee * 7n) / 10n }
    expect(() => assertFeeWithinCap(context, 1, fallen, 21_000n, fees)).not.toThrow()
    expect(fillFees(context, 1, { ...network, eip1559: false }, {})).toEqual({
      gasPrice: hex(parseGwei('10')),
    })
  })

  test('error: gasPrice or maxFeePerGas above multiplier × base + tip, a big tip, an absolute maximum', () => {
    const context = contextWith()
    expect(
      messageOf(() =>
        assertFeeWithinCap(context, 1, network, 21_000n, { gasPrice: hex(parseGwei('31')) }),
      ),
    ).toBe("The network fee (0.000651 ETH) is above this wallet's limit of 0.00063 ETH.")
    expect(() =>
      assertFeeWithinCap(context, 1, network, 21_000n, { gasPrice: hex(parseGwei('30')) }),
    ).not.toThrow()
    expect(
      messageOf(() =>
        assertFeeWithinCap(context, 1, network, 21_000n, {
          maxFeePerGas: hex(parseGwei('22')),
          maxPriorityFeePerGas: hex(parseGwei('1')),
        }),
      ),
    ).toBe("The network fee (0.000462 ETH) is above this wallet's limit of 0.000441 ETH.")
    expect(
      messageOf(() =>
        assertFeeWithinCap(context, 1, network, 21_000n, {
          maxFeePerGas: hex(parseGwei('40')),
          maxPriorityFeePerGas: hex(parseGwei('11')),
        }),
      ),
    ).toBe("The priority fee (11 gwei) is above this wallet's limit of 10 gwei.")
    expect(
      messageOf(() =>
        assertFeeWithinCap(contextWith({ baseFeeMultiplier: 1000 }), 56, network, 10_000_000n, {
          gasPrice: hex(parseGwei('100')),
        }),
      ),
    ).toBe("The network fee (1 BNB) is above this wallet's limit of 0.05 BNB.")
  })
})
