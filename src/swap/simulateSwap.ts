import type { Client } from 'viem'
import { call } from 'viem/actions'
import { SwapSimulationFailedError } from '../errors/SwapSimulationFailedError'
import type { SwapTransaction } from './swapTypes'

/**
 * Runs the swap transaction with `eth_call` on the latest block, as the taker: a revert (the
 * price moved past the slippage floor, a trade in between, an allowance gone) is a
 * `SwapSimulationFailedError` with the node's answer as its cause, before the wallet sees it.
 */
export async function simulateSwap(
  publicClient: Client,
  transaction: SwapTransaction,
): Promise<void> {
  try {
    await call(publicClient, {
      account: transaction.from,
      to: transaction.to,
      data: transaction.data,
      value: transaction.value,
      ...(transaction.gas !== undefined && { gas: transaction.gas }),
      blockTag: 'latest',
    })
  } catch (cause) {
    throw new SwapSimulationFailedError({ cause })
  }
}
