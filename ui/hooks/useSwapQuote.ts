import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useConfig } from 'wagmi'
import type { SwapQuote, SwapRequest } from '../../src/swap/swapTypes'
import { readFeePerGas, swapGasEstimate } from '../swap/readFeePerGas'
import { readSwapPriceImpact } from '../swap/readSwapPriceImpact'
import { swapPublicClient } from '../swap/swapClients'
import { type SwapRequestParameters, useSwapRequest } from '../swap/useSwapRequest'
import { type ClientQueryResult, useClientQuery } from '../useClientQuery'

/** How often a shown quote is asked again, in ms. */
export const swapQuoteRefreshMs = 10_000

/** Parameters of {@link useSwapQuote}. */
export interface UseSwapQuoteParameters extends SwapRequestParameters {
  query?:
    | {
        enabled?: boolean | undefined
        /** @default 10_000 (ms); `false`: asked once */
        refetchInterval?: number | false | undefined
      }
    | undefined
}

/** A quote with what the Swap view shows beside it. */
export interface SwapQuoteData {
  quote: SwapQuote
  /** The request it answers. */
  request: SwapRequest
  /**
   * Against a quote of 1/1000 of the amount (asked once a minute per pair and amount, not on every
   * refresh): 0.012 is 1.2 %; undefined when unknown.
   */
  priceImpact: number | undefined
  /** The network fee estimated for the swap alone, in the chain's currency (base units). */
  networkFee: bigint | undefined
  /** The most a unit of gas costs now (for the gas kept back by Max). */
  feePerGas: bigint | undefined
}

/** What {@link useSwapQuote} returns: the fields of a TanStack Query result wagmi's hooks use. */
export type UseSwapQuoteReturnType = ClientQueryResult<SwapQuoteData, Error>

/**
 * A price for an exact-input swap from the `swap` option's provider (through `latchkey serve`),
 * asked again every 10 s while a component shows it, with its price impact and an estimated
 * network fee. Errors are typed: `SwapNoLiquidityError`, `SwapInsufficientBalanceError`,
 * `SwapProviderError`, `RateLimitedError`… (docs/errors.md#swap).
 * @example const { data, error, isFetching } = useSwapQuote({ sellToken, buyToken, sellAmount })
 */
export function useSwapQuote(parameters: UseSwapQuoteParameters = {}): UseSwapQuoteReturnType {
  const config = useConfig()
  const queryClient = useQueryClient()
  const { provider, request: asked, key } = useSwapRequest(parameters)
  // Selling a token for itself asks nothing.
  const request =
    asked && asked.sellToken.toLowerCase() !== asked.buyToken.toLowerCase() ? asked : undefined
  const enabled = request !== undefined
  const interval = parameters.query?.refetchInterval ?? swapQuoteRefreshMs
  const result = useClientQuery<SwapQuoteData, Error>(
    key('swapQuote'),
    enabled,
    async () => {
      if (!provider || !request) throw new TypeError('unreachable: the query is disabled')
      const [quote, feePerGas] = await Promise.all([
        provider.quote(request),
        readFeePerGas(swapPublicClient(config, request.chainId)).catch(() => undefined),
      ])
      return {
        quote,
        request,
        priceImpact: await readSwapPriceImpact(queryClient, provider, request, quote),
        networkFee: feePerGas === undefined ? undefined : feePerGas * swapGasEstimate,
        feePerGas,
      }
    },
    interval === false ? Number.POSITIVE_INFINITY : interval,
  )
  const { refetch } = result
  useEffect(() => {
    if (!enabled || interval === false) return
    const timer = setInterval(() => void refetch(), interval)
    return () => clearInterval(timer)
  }, [enabled, interval, refetch])
  return result
}
