import { formatEther, formatGwei, parseEther, parseGwei } from 'viem'
import type { CanonicalFees } from '../../src/approval/types'
import { FeeCapExceededError } from '../../src/errors/FeeCapExceededError'
import { getEvmNetwork } from '../../src/networks'
import type { ServerContext } from '../context'
import type { ChainClient } from './createChainClients'
import { toChainError } from './forward'

/** The network's fee levels now: the base fee (or gas price on a chain without one) and a tip. */
export interface NetworkFees {
  /** The latest block's base fee; `eth_gasPrice` on a chain without EIP-1559. */
  baseFee: bigint
  eip1559: boolean
  /** The node's suggested tip, at most the configured ceiling. */
  tip: bigint
}

/** The smaller of two bigints (Math.min takes numbers only). */
function smaller(a: bigint, b: bigint): bigint {
  if (a < b) return a
  return b
}

/** The configured ceilings for `chainId`. */
export function feeCapFor(context: ServerContext, chainId: number) {
  const { baseFeeMultiplier, maxPriorityFeePerGas, maxFeePerTransaction } = context.options.feeCap
  const pick = (record: Record<string, string>, fallback: string) =>
    record[String(chainId)] ?? record.default ?? fallback
  return {
    baseFeeMultiplier,
    maxTip: parseGwei(pick(maxPriorityFeePerGas, '10')),
    maxFee: parseEther(pick(maxFeePerTransaction, '0.05')),
  }
}

/** Reads the current base fee and a tip from the chain's node. */
export async function readNetworkFees(
  context: ServerContext,
  chainId: number,
  { client }: ChainClient,
): Promise<NetworkFees> {
  const { maxTip } = feeCapFor(context, chainId)
  try {
    const block = await client.getBlock({ blockTag: 'latest' })
    if (block.baseFeePerGas === null || block.baseFeePerGas === undefined)
      return { baseFee: await client.getGasPrice(), eip1559: false, tip: 0n }
    const suggested = await client
      .request({ method: 'eth_maxPriorityFeePerGas' })
      .then((hex) => BigInt(hex))
      .catch(() => parseGwei('1'))
    return {
      baseFee: block.baseFeePerGas,
      eip1559: true,
      tip: smaller(suggested, maxTip),
    }
  } catch (error) {
    throw toChainError(error)
  }
}

/** `x` × a decimal multiplier, rounded up (exact for multipliers with up to 6 decimals). */
function times(value: bigint, multiplier: number): bigint {
  const scaled = BigInt(Math.round(multiplier * 1e6))
  return (value * scaled + 999_999n) / 1_000_000n
}

/** Fees to fill in: a max fee within the cap even if the base fee falls for a few blocks. */
export function fillFees(
  context: ServerContext,
  chainId: number,
  network: NetworkFees,
  given: CanonicalFees,
): CanonicalFees {
  const hex = (value: bigint) => `0x${value.toString(16)}` as const
  if (given.gasPrice !== undefined) return { gasPrice: given.gasPrice }
  if (!network.eip1559) {
    if (given.maxFeePerGas !== undefined || given.maxPriorityFeePerGas !== undefined) return given
    return { gasPrice: hex(network.baseFee) }
  }
  const { baseFeeMultiplier } = feeCapFor(context, chainId)
  const tip =
    given.maxPriorityFeePerGas !== undefined ? BigInt(given.maxPriorityFeePerGas) : network.tip
  const fill = Math.min(1.25, baseFeeMultiplier)
  const maxFee =
    given.maxFeePerGas !== undefined
      ? BigInt(given.maxFeePerGas)
      : times(network.baseFee, fill) + tip
  return { maxFeePerGas: hex(maxFee), maxPriorityFeePerGas: hex(tip < maxFee ? tip : maxFee) }
}

/**
 * Refuses fees above the ceilings: a tip above the configured maximum, a fee per gas above
 * `baseFeeMultiplier` × the current base fee + the tip, or gas × fee above the per-transaction maximum.
 */
export function assertFeeWithinCap(
  context: ServerContext,
  chainId: number,
  network: NetworkFees,
  gas: bigint,
  fees: CanonicalFees,
): void {
  const { baseFeeMultiplier, maxTip, maxFee } = feeCapFor(context, chainId)
  const symbol = getEvmNetwork(chainId)?.nativeCurrency.symbol ?? 'ETH'
  const tip =
    fees.maxPriorityFeePerGas !== undefined ? BigInt(fees.maxPriorityFeePerGas) : undefined
  if (tip !== undefined && tip > maxTip)
    throw new FeeCapExceededError({
      what: 'priority fee',
      amount: `${formatGwei(tip)} gwei`,
      limit: `${formatGwei(maxTip)} gwei`,
    })
  const perGas = BigInt(fees.maxFeePerGas ?? fees.gasPrice ?? '0x0')
  const perGasCap = times(network.baseFee, baseFeeMultiplier) + (tip ?? maxTip)
  const fee = gas * perGas
  const limit = smaller(gas * perGasCap, maxFee)
  if (fee > limit)
    throw new FeeCapExceededError({
      amount: `${formatEther(fee)} ${symbol}`,
      limit: `${formatEther(limit)} ${symbol}`,
    })
}
