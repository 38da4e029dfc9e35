import type {
  CanonicalCall,
  CanonicalRequest,
  CanonicalSendCalls,
  CanonicalTransaction,
} from '../../src/approval/types'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import { EstimateGasFailedError } from '../../src/errors/EstimateGasFailedError'
import type { ServerContext } from '../context'
import type { ChainClient } from './createChainClients'
import { assertFeeWithinCap, fillFees, readNetworkFees } from './feeCap'
import { findOwnError } from './forward'

const hex = (value: bigint) => `0x${value.toString(16)}` as const

async function estimateGas(
  { client }: ChainClient,
  from: `0x${string}`,
  call: { to: `0x${string}` | null; value: `0x${string}`; data: `0x${string}` },
): Promise<`0x${string}`> {
  try {
    const gas = await client.estimateGas({
      account: from,
      to: call.to ?? undefined,
      value: BigInt(call.value),
      data: call.data === '0x' ? undefined : call.data,
    })
    // A plain transfer costs exactly what was estimated; contract calls get 20 % headroom.
    return hex(call.data === '0x' ? gas : (gas * 6n) / 5n)
  } catch (cause) {
    // The node's answer (a revert) is an estimate failure; the transport's own errors
    // (timeout, rate limit, unreachable node) are not.
    const own = findOwnError(cause)
    if (own && !(own instanceof ChainRequestFailedError && own.code !== -32603)) throw own
    throw new EstimateGasFailedError({ cause })
  }
}

/**
 * Fills what a canonical transaction or batch leaves open (gas by eth_estimateGas, fees from the
 * current base fee and a tip) and checks the fee ceilings. The nonce stays unset ("next").
 * Signing requests are returned as they are.
 */
export async function prepareRequest(
  context: ServerContext,
  request: CanonicalRequest,
): Promise<CanonicalRequest> {
  if (request.method !== 'eth_sendTransaction' && request.method !== 'wallet_sendCalls')
    return request
  const chain = context.chains.get(request.chainId)
  const network = await readNetworkFees(context, request.chainId, chain)
  if (request.method === 'eth_sendTransaction') {
    const { gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...rest } = request
    const gas = rest.gas ?? (await estimateGas(chain, request.from, request))
    const fees = fillFees(context, request.chainId, network, {
      gasPrice,
      maxFeePerGas,
      maxPriorityFeePerGas,
    })
    assertFeeWithinCap(context, request.chainId, network, BigInt(gas), fees)
    return { ...rest, gas, ...fees } satisfies CanonicalTransaction
  }
  const { gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...rest } = request
  const calls: CanonicalCall[] = []
  for (const call of request.calls)
    calls.push({ ...call, gas: call.gas ?? (await estimateGas(chain, request.from, call)) })
  const fees = fillFees(context, request.chainId, network, {
    gasPrice,
    maxFeePerGas,
    maxPriorityFeePerGas,
  })
  for (const call of calls)
    assertFeeWithinCap(context, request.chainId, network, BigInt(call.gas ?? 0), fees)
  return { ...rest, calls, ...fees } satisfies CanonicalSendCalls
}
