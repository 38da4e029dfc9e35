import type { QueryClient } from '@tanstack/react-query'
import { swapPriceImpact } from '../../src/swap/swapPriceImpact'
import type { SwapProvider, SwapQuote, SwapRequest } from '../../src/swap/swapTypes'

/**
 * How long the reference quote of a pair and amount is reused. The Swap view asks for its quote
 * every 10 s; the reference (the rate of a thousandth of the amount, the market before the trade
 * moves it) is asked once a minute at most, so a refresh is one call to the provider, not two.
 */
export const swapReferenceMs = 60_000

/**
 * The price impact of `quote` against the reference quote of the same pair at 1/1000 of the
 * amount, read through `queryClient` (one reference per chain, pair and amount for
 * {@link swapReferenceMs}); undefined when the reference cannot be had.
 */
export async function readSwapPriceImpact(
  queryClient: QueryClient,
  provider: SwapProvider,
  request: SwapRequest,
  quote: SwapQuote,
): Promise<number | undefined> {
  const sellAmount = request.sellAmount / 1000n > 0n ? request.sellAmount / 1000n : 1n
  const reference = await queryClient
    .fetchQuery({
      queryKey: [
        'latchkey',
        'swapReference',
        provider.id,
        request.chainId,
        request.sellToken.toLowerCase(),
        request.buyToken.toLowerCase(),
        sellAmount.toString(),
      ],
      queryFn: () => provider.quote({ ...request, sellAmount }),
      staleTime: swapReferenceMs,
      gcTime: swapReferenceMs,
      retry: false,
    })
    .catch(() => undefined)
  return reference ? swapPriceImpact(quote, reference) : undefined
}
