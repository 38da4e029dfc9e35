import type { Client } from 'viem'
import { estimateFeesPerGas, getGasPrice } from 'viem/actions'

/** Gas a swap is assumed to use before it is built (a router swap of one or two pools). */
export const swapGasEstimate = 250_000n

/** Gas an ERC-20 approval is assumed to use. */
export const approveGasEstimate = 60_000n

/** The most a unit of gas costs now: EIP-1559's `maxFeePerGas`, else the legacy gas price. */
export async function readFeePerGas(client: Client): Promise<bigint> {
  try {
    const { maxFeePerGas } = await estimateFeesPerGas(client)
    return maxFeePerGas
  } catch {
    return getGasPrice(client)
  }
}
