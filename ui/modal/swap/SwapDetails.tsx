import type { SwapQuote } from '../../../src/swap/swapTypes'
import type { SwapToken } from '../../hooks/useSwapTokens'
import { formatSendAmount } from '../send/formatSendAmount'
import type { NetworkDisplay } from '../useNetworkInfo'
import { formatSwapAmount } from './formatSwapAmount'
import { tSwap } from './tSwap'

/** Slippage choices offered, in basis points (1 % is SPEC §9's default). */
export const slippageChoices = [50, 100, 300] as const

/** Price impact from which the Swap view warns (5 %). */
export const highPriceImpact = 0.05

const percent = (fraction: number) =>
  `${(fraction * 100).toFixed(fraction < 0.0001 ? 0 : 2).replace(/\.?0+$/, '')} %`

/** The least the swap accepts at `slippageBps`: the provider's, else the quote less the slippage. */
export function minimumReceived(quote: SwapQuote, slippageBps: number): bigint {
  return quote.minBuyAmount ?? (quote.buyAmount * BigInt(10_000 - slippageBps)) / 10_000n
}

/**
 * The quote's details under the Swap cards and in the preview: rate, price impact, network fee,
 * slippage (a choice on Swap), minimum received and the provider.
 */
export function SwapDetails({
  quote,
  sellToken,
  buyToken,
  priceImpact,
  networkFee,
  network,
  slippageBps,
  onSlippage,
}: {
  quote: SwapQuote
  sellToken: SwapToken
  buyToken: SwapToken
  priceImpact: number | undefined
  networkFee: bigint | undefined
  network: NetworkDisplay | undefined
  slippageBps: number
  onSlippage?: ((bps: number) => void) | undefined
}) {
  // the rate of one whole sell token, in buy-token base units
  const rate =
    quote.sellAmount > 0n
      ? (quote.buyAmount * 10n ** BigInt(sellToken.decimals)) / quote.sellAmount
      : 0n
  const impactTone =
    priceImpact === undefined
      ? undefined
      : priceImpact >= highPriceImpact
        ? 'danger'
        : priceImpact >= 0.01
          ? 'warning'
          : undefined
  return (
    <dl data-lk-send-details="" data-lk-swap-details="" data-testid="swap-details">
      <div>
        <dt>{tSwap('swap.rateLabel')}</dt>
        <dd data-testid="swap-rate">
          {tSwap('swap.rate', {
            sell: sellToken.symbol,
            amount: formatSwapAmount(rate, buyToken.decimals),
            buy: buyToken.symbol,
          })}
        </dd>
      </div>
      <div>
        <dt>{tSwap('swap.priceImpact')}</dt>
        <dd data-testid="swap-price-impact" data-tone={impactTone}>
          {priceImpact === undefined ? '—' : percent(priceImpact)}
        </dd>
      </div>
      <div>
        <dt>{tSwap('swap.networkFee')}</dt>
        <dd data-testid="swap-network-fee">
          {networkFee !== undefined && network
            ? `≈ ${formatSendAmount(networkFee, network.decimals)} ${network.symbol}`
            : '—'}
        </dd>
      </div>
      <div>
        <dt>{tSwap('swap.slippage')}</dt>
        <dd data-testid="swap-slippage">
          {onSlippage ? (
            <span data-lk-swap-slippage="">
              {slippageChoices.map((bps) => (
                <button
                  key={bps}
                  type="button"
                  aria-pressed={bps === slippageBps}
                  aria-label={tSwap('swap.slippageChoice', { percent: percent(bps / 10_000) })}
                  data-testid={`swap-slippage-${bps}`}
                  onClick={() => onSlippage(bps)}
                >
                  {percent(bps / 10_000)}
                </button>
              ))}
            </span>
          ) : (
            percent(slippageBps / 10_000)
          )}
        </dd>
      </div>
      <div>
        <dt>{tSwap('swap.minReceived')}</dt>
        <dd data-testid="swap-min-received">
          {formatSwapAmount(minimumReceived(quote, slippageBps), buyToken.decimals)}{' '}
          {buyToken.symbol}
        </dd>
      </div>
      <div>
        <dt>{tSwap('swap.provider')}</dt>
        <dd>{quote.provider}</dd>
      </div>
    </dl>
  )
}
