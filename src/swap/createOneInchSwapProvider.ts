import { ChainNotSupportedError } from '../errors/ChainNotSupportedError'
import { SwapInsufficientBalanceError } from '../errors/SwapInsufficientBalanceError'
import { SwapNoLiquidityError } from '../errors/SwapNoLiquidityError'
import { SwapProviderError } from '../errors/SwapProviderError'
import { fetchSwapJson } from './fetchSwapJson'
import { knownSwapContracts } from './knownSwapContracts'
import { oneInchErrorSchema, oneInchQuoteSchema, oneInchSwapSchema } from './swapSchemas'
import {
  defaultSlippageBps,
  nativeTokenAddress,
  type SwapCallOptions,
  type SwapContracts,
  type SwapFee,
  type SwapProvider,
  type SwapQuote,
  type SwapRequest,
} from './swapTypes'

/** Options of {@link createOneInchSwapProvider}. */
export interface OneInchSwapProviderOptions {
  /** The API root: `https://api.1inch.dev`, or `latchkey serve`'s `<server>/v1/swap/1inch`. */
  baseUrl: string
  /** Sent as a bearer token; leave it out in the browser (the server adds it). */
  apiKey?: string | undefined
  /**
   * The trusted router per chain id (target and spender).
   * @default 1inch's published v6 router per chain (`knownSwapContracts`)
   */
  contracts?: Readonly<Record<number, SwapContracts>> | undefined
  /** The integrator fee, taken from the buy token and paid to `recipient` (1inch's referrer). */
  fee?: SwapFee | undefined
  fetch?: typeof globalThis.fetch | undefined
  /** @default 10_000 */
  timeoutMs?: number | undefined
}

/** Basis points as 1inch's percent (`50` → `'0.5'`). */
const percent = (bps: number) => String(bps / 100)

/**
 * A {@link SwapProvider} in the shape of 1inch Swap API v6.0: `/swap/v6.0/{chain}/quote` for
 * quotes and `/swap/v6.0/{chain}/swap` for the transaction (after the allowance is in place: our
 * own approval, to the router this provider trusts on the chain).
 * @example createOneInchSwapProvider({ baseUrl: `${server}/v1/swap/1inch`, contracts })
 */
export function createOneInchSwapProvider(options: OneInchSwapProviderOptions): SwapProvider {
  const id = '1inch'
  const trusted = options.contracts ?? knownSwapContracts(id)

  function contracts(chainId: number): SwapContracts {
    const found = trusted[chainId]
    if (!found) throw new ChainNotSupportedError()
    return found
  }

  function ask(
    endpoint: 'quote' | 'swap',
    request: SwapRequest,
    query: Record<string, string>,
    call: SwapCallOptions | undefined,
  ) {
    contracts(request.chainId)
    const url = new URL(
      `${options.baseUrl.replace(/\/$/, '')}/swap/v6.0/${request.chainId}/${endpoint}`,
    )
    const all: Record<string, string> = {
      src: request.sellToken,
      dst: request.buyToken,
      amount: String(request.sellAmount),
      ...(options.fee && { fee: percent(options.fee.bps) }),
      ...query,
    }
    for (const [key, value] of Object.entries(all)) url.searchParams.set(key, value)
    return fetchSwapJson({
      provider: id,
      url,
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? 10_000,
      signal: call?.signal,
      mapError(_status, body) {
        const parsed = oneInchErrorSchema.safeParse(body)
        if (!parsed.success) return undefined
        const { description } = parsed.data
        if (/insufficient liquidity/i.test(description)) return new SwapNoLiquidityError()
        if (/not enough .*balance/i.test(description)) return new SwapInsufficientBalanceError()
        return undefined
      },
    })
  }

  function quoteOf(request: SwapRequest, buyAmount: bigint): SwapQuote {
    return {
      provider: id,
      chainId: request.chainId,
      sellToken: request.sellToken,
      buyToken: request.buyToken,
      sellAmount: request.sellAmount,
      buyAmount,
      spender:
        request.sellToken.toLowerCase() === nativeTokenAddress.toLowerCase()
          ? undefined
          : contracts(request.chainId).spender,
    }
  }

  const malformed = (details: string) =>
    new SwapProviderError({ provider: id, status: 200, details })

  return {
    id,
    supportsChain: (chainId) => trusted[chainId] !== undefined,
    contracts,
    async quote(request, call) {
      const parsed = oneInchQuoteSchema.safeParse(await ask('quote', request, {}, call))
      if (!parsed.success) throw malformed(parsed.error.message)
      return quoteOf(request, parsed.data.dstAmount)
    },
    async build(request, call) {
      const json = await ask(
        'swap',
        request,
        {
          from: request.taker,
          origin: request.taker,
          slippage: percent(request.slippageBps ?? defaultSlippageBps),
          ...(options.fee && { referrer: options.fee.recipient }),
        },
        call,
      )
      const parsed = oneInchSwapSchema.safeParse(json)
      if (!parsed.success) throw malformed(parsed.error.message)
      const { tx, dstAmount } = parsed.data
      return {
        kind: 'transaction',
        quote: quoteOf(request, dstAmount),
        transaction: {
          chainId: request.chainId,
          from: tx.from,
          to: tx.to,
          data: tx.data,
          value: tx.value,
          gas: tx.gas,
        },
      }
    },
  }
}
