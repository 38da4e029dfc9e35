/** Amounts of a quote, as {@link swapPriceImpact} compares them. */
export interface SwapAmounts {
  sellAmount: bigint
  buyAmount: bigint
}

/**
 * The price impact of a swap: how much less its rate is than the rate of `reference`, a quote of
 * a small part of the same amount (the market's price before the trade moves it). 0.012 is 1.2 %;
 * never below 0; undefined when either rate is unknown (a zero amount).
 * @example swapPriceImpact({ sellAmount: 10n, buyAmount: 95n }, { sellAmount: 1n, buyAmount: 10n }) // 0.05
 */
export function swapPriceImpact(quote: SwapAmounts, reference: SwapAmounts): number | undefined {
  if (quote.sellAmount <= 0n || reference.sellAmount <= 0n || reference.buyAmount <= 0n)
    return undefined
  const scale = 1_000_000n
  const ratio =
    (quote.buyAmount * reference.sellAmount * scale) / (quote.sellAmount * reference.buyAmount)
  return Math.max(0, 1 - Number(ratio) / Number(scale))
}
