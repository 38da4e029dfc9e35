import { type SwapQuoteField, SwapQuoteUnsafeError } from '../errors/SwapQuoteUnsafeError'
import {
  defaultSlippageBps,
  nativeTokenAddress,
  type SwapBuild,
  type SwapContracts,
  type SwapRequest,
} from './swapTypes'

/** Longest a Permit2 signature may stay valid. @default 3_600 (one hour) */
const defaultMaxPermitSeconds = 3_600

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Checks a built swap against what was asked and the provider's trusted contracts before
 * anything reaches the wallet: chain, taker, tokens, exact sell amount, the value sent, the
 * slippage floor, the transaction's target, the spender, and for a Permit2 signature its domain
 * (name, chain, contract), token, amount, spender and deadline. Throws `SwapQuoteUnsafeError`
 * naming the first field that differs.
 */
export function checkSwapBuild(
  request: SwapRequest,
  build: SwapBuild,
  contracts: SwapContracts,
  {
    nowSeconds,
    maxPermitSeconds = defaultMaxPermitSeconds,
  }: {
    nowSeconds: number
    maxPermitSeconds?: number | undefined
  },
): void {
  const refuse = (field: SwapQuoteField, expected: unknown, received: unknown) => {
    throw new SwapQuoteUnsafeError({
      field,
      expected: String(expected),
      received: String(received),
    })
  }
  const expectEqual = (field: SwapQuoteField, expected: unknown, received: unknown) => {
    const equal =
      typeof expected === 'string' && typeof received === 'string'
        ? same(expected, received)
        : expected === received
    if (!equal) refuse(field, expected, received)
  }
  const { quote, transaction } = build
  const sellsNative = same(request.sellToken, nativeTokenAddress)
  expectEqual('chainId', request.chainId, quote.chainId)
  expectEqual('chainId', request.chainId, transaction.chainId)
  expectEqual('taker', request.taker, transaction.from)
  expectEqual('sellToken', request.sellToken, quote.sellToken)
  expectEqual('buyToken', request.buyToken, quote.buyToken)
  expectEqual('sellAmount', request.sellAmount, quote.sellAmount)
  expectEqual('value', sellsNative ? request.sellAmount : 0n, transaction.value)
  if (!contracts.targets.some((target) => same(target, transaction.to)))
    refuse('target', contracts.targets.join(' or '), transaction.to)
  if (!sellsNative) expectEqual('spender', contracts.spender, quote.spender ?? 'none')
  if (quote.minBuyAmount !== undefined) {
    const slippage = BigInt(request.slippageBps ?? defaultSlippageBps)
    const floor = (quote.buyAmount * (10_000n - slippage)) / 10_000n
    if (quote.minBuyAmount < floor) refuse('minBuyAmount', `at least ${floor}`, quote.minBuyAmount)
  }
  if (build.kind !== 'signature') return
  const { domain, message, primaryType } = build.typedData
  expectEqual('permit2Domain', 'Permit2', domain.name)
  expectEqual('permit2Domain', request.chainId, domain.chainId)
  expectEqual('permit2Domain', contracts.permit2 ?? 'none', domain.verifyingContract)
  expectEqual('permit2Domain', 'PermitTransferFrom', primaryType)
  expectEqual('permit2Token', request.sellToken, message.permitted.token)
  expectEqual('permit2Amount', request.sellAmount, message.permitted.amount)
  expectEqual('permit2Spender', transaction.to, message.spender)
  const deadline = Number(message.deadline)
  if (deadline <= nowSeconds || deadline > nowSeconds + maxPermitSeconds)
    refuse('deadline', `within ${maxPermitSeconds} s of ${nowSeconds}`, message.deadline)
}
