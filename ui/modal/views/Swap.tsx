import { type FormEvent, useEffect, useId } from 'react'
import { formatUnits } from 'viem'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useSwapQuote } from '../../hooks/useSwapQuote'
import { useSwapTokens } from '../../hooks/useSwapTokens'
import { useSwapSetup } from '../../swap/useSwapSetup'
import { useConnection } from '../../useConnection'
import { AlertIcon } from '../icons'
import { SendAmountInput } from '../send/SendAmountInput'
import { formatSwapAmount } from '../swap/formatSwapAmount'
import { parseSwapAmount } from '../swap/parseSwapAmount'
import { highPriceImpact, SwapDetails } from '../swap/SwapDetails'
import { SwapQuoteRefresh } from '../swap/SwapQuoteRefresh'
import { SwapTokenButton } from '../swap/SwapTokenButton'
import { SwapUnsupportedChain } from '../swap/SwapUnsupportedChain'
import { swapErrorMessage } from '../swap/swapErrorMessage'
import { useSwapForm } from '../swap/swapForm'
import { tSwap } from '../swap/tSwap'
import { useDebouncedValue } from '../swap/useDebouncedValue'
import { useGasReserve } from '../swap/useGasReserve'
import { useLastQuoteError } from '../swap/useLastQuoteError'
import { useNetworkInfo } from '../useNetworkInfo'

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/**
 * Swap (issue 15): on a swap network, the form; on another chain, UnsupportedChain's swap
 * variant (the app's swap networks to switch to).
 */
export function Swap() {
  const { router, modal } = useLatchkeyContext()
  const { chainId, status } = useConnection()
  const setup = useSwapSetup()
  useEffect(() => {
    if (status === 'disconnected' && modal.getState().open) router.reset('Connect')
  }, [status, router, modal])
  if (!setup.supportsChain(chainId)) return <SwapUnsupportedChain supports={setup.supportsChain} />
  return <SwapFormView />
}

/**
 * The swap form: what is sold (amount, token, balance, Max keeping the network fee back for the
 * native currency) and what comes back (the quote, asked again every 10 s), the rate, price
 * impact, network fee, slippage (1 % by default, SPEC §9) and the first rule the form breaks.
 */
function SwapFormView() {
  const { router } = useLatchkeyContext()
  const { chainId } = useConnection()
  const network = useNetworkInfo(chainId)
  const setup = useSwapSetup()
  const [form, setForm] = useSwapForm()
  const { tokens, nativeToken } = useSwapTokens()
  const amountId = useId()
  const { sellToken, buyToken } = form
  const slippageBps = form.slippageBps ?? setup.slippageBps
  const reserve = useGasReserve(chainId)

  // a fresh form on another chain: the native currency for the first suggested token
  useEffect(() => {
    if (form.chainId === chainId && form.sellToken) return
    if (!nativeToken) return
    const firstOther = tokens.find(
      (option) => option.suggested && !same(option.token.address, nativeTokenAddress),
    )
    setForm({
      chainId,
      amount: form.chainId === chainId ? form.amount : '',
      sellToken: nativeToken,
      buyToken: form.chainId === chainId ? form.buyToken : firstOther?.token,
    })
  }, [form, chainId, nativeToken, tokens, setForm])

  const balanceOf = (address: string | undefined) =>
    tokens.find((option) => same(option.token.address, address))?.balance
  const sellBalance = balanceOf(sellToken?.address)
  const buyBalance = balanceOf(buyToken?.address)
  const sellsNative = same(sellToken?.address, nativeTokenAddress)

  const typed = useDebouncedValue(form.amount, 300)
  const parsed = sellToken ? parseSwapAmount(typed, sellToken.decimals) : undefined
  const now = sellToken ? parseSwapAmount(form.amount, sellToken.decimals) : undefined
  const sellAmount = typeof parsed === 'bigint' && parsed === now ? parsed : undefined
  const quote = useSwapQuote({
    sellToken: sellToken?.address,
    buyToken: buyToken?.address,
    sellAmount,
    slippageBps,
  })
  const data = quote.data
  const quoteError = useLastQuoteError(
    quote.error,
    data !== undefined,
    `${sellToken?.address}:${buyToken?.address}:${sellAmount}:${slippageBps}`,
  )

  const rule = (() => {
    if (!sellToken || !buyToken) return tSwap('swap.rule.selectToken')
    if (now === undefined) return tSwap('swap.rule.enterAmount')
    if (now === 'invalid') return tSwap('swap.rule.invalidAmount')
    if (sellBalance !== undefined && now > sellBalance)
      return tSwap('swap.rule.insufficientBalance', { symbol: sellToken.symbol })
    if (sellsNative && sellBalance !== undefined && data?.networkFee !== undefined)
      if (now + data.networkFee > sellBalance)
        return tSwap('swap.rule.insufficientForFee', { symbol: sellToken.symbol })
    return undefined
  })()
  const ruleIsError = rule !== undefined && now !== undefined
  const ready = !rule && data !== undefined && sellAmount !== undefined && !quoteError

  const setMax = () => {
    if (sellBalance === undefined || !sellToken) return
    const max = sellsNative ? sellBalance - (reserve ?? 0n) : sellBalance
    setForm({ amount: max > 0n ? formatUnits(max, sellToken.decimals) : '0' })
  }
  const flip = () =>
    setForm({
      sellToken: buyToken,
      buyToken: sellToken,
      amount: data && buyToken ? formatUnits(data.quote.buyAmount, buyToken.decimals) : '',
    })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (ready) router.push('SwapPreview')
  }

  // A failed quote asked again (every 10 s) keeps its error on screen, not "Getting a quote…".
  const loading = sellAmount !== undefined && !data && !quoteError && quote.isFetching
  const label = rule ?? (loading ? tSwap('swap.quoting') : tSwap('swap.review'))
  const canMax = sellBalance !== undefined && (!sellsNative || reserve !== undefined)

  return (
    <form data-lk-send="" data-lk-swap="" onSubmit={submit} noValidate>
      <div data-lk-swap-cards="">
        <div
          data-lk-send-card=""
          data-invalid={ruleIsError && rule !== tSwap('swap.rule.selectToken') ? '' : undefined}
        >
          <label data-lk-send-label="" htmlFor={amountId}>
            {tSwap('swap.sell')}
          </label>
          <div data-lk-send-amount-row="">
            <SendAmountInput
              id={amountId}
              value={form.amount}
              invalid={now === 'invalid'}
              onChange={(amount) => setForm({ amount })}
            />
            <SwapTokenButton
              token={sellToken}
              side="sell"
              chainId={chainId}
              onClick={() => router.push('SwapSelectToken', { side: 'sell' })}
            />
          </div>
          <div data-lk-send-balance-row="">
            <span data-testid="swap-sell-balance">
              {sellToken && sellBalance !== undefined
                ? tSwap('swap.balance', {
                    amount: `${formatSwapAmount(sellBalance, sellToken.decimals)} ${sellToken.symbol}`,
                  })
                : ''}
            </span>
            <button
              type="button"
              data-lk-link-button=""
              data-testid="swap-max"
              disabled={!canMax}
              onClick={setMax}
            >
              {tSwap('swap.max')}
            </button>
          </div>
        </div>
        <button
          type="button"
          data-lk-swap-flip=""
          data-testid="swap-flip"
          aria-label={tSwap('swap.flip')}
          title={tSwap('swap.flip')}
          disabled={!sellToken || !buyToken}
          onClick={flip}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 5v14M6 13l6 6 6-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <div data-lk-send-card="" data-lk-swap-buy="">
          <span data-lk-send-label="">{tSwap('swap.buy')}</span>
          <div data-lk-send-amount-row="">
            <output
              data-lk-send-amount=""
              data-lk-swap-out=""
              data-testid="swap-buy-amount"
              data-state={loading ? 'loading' : undefined}
              aria-live="polite"
            >
              {data && buyToken ? formatSwapAmount(data.quote.buyAmount, buyToken.decimals) : '0'}
            </output>
            <SwapTokenButton
              token={buyToken}
              side="buy"
              chainId={chainId}
              onClick={() => router.push('SwapSelectToken', { side: 'buy' })}
            />
          </div>
          <div data-lk-send-balance-row="">
            <span data-testid="swap-buy-balance">
              {buyToken && buyBalance !== undefined
                ? tSwap('swap.balance', {
                    amount: `${formatSwapAmount(buyBalance, buyToken.decimals)} ${buyToken.symbol}`,
                  })
                : ''}
            </span>
            {sellAmount !== undefined && buyToken && (
              <SwapQuoteRefresh
                updatedAt={quote.dataUpdatedAt}
                fetching={quote.isFetching}
                onRefresh={() => void quote.refetch()}
              />
            )}
          </div>
        </div>
      </div>

      {data && sellToken && buyToken && (
        <SwapDetails
          quote={data.quote}
          sellToken={sellToken}
          buyToken={buyToken}
          priceImpact={data.priceImpact}
          networkFee={data.networkFee}
          network={network}
          slippageBps={slippageBps}
          onSlippage={(bps) => setForm({ slippageBps: bps })}
        />
      )}
      {quoteError && sellAmount !== undefined && (
        <p data-lk-send-notice="" role="alert" data-testid="swap-quote-error">
          <AlertIcon size={16} />
          <span>{swapErrorMessage(quoteError)}</span>
        </p>
      )}
      {data?.priceImpact !== undefined && data.priceImpact >= highPriceImpact && (
        <p data-lk-send-rule="" data-tone="error" data-testid="swap-impact-warning">
          {tSwap('swap.highImpact')}
        </p>
      )}
      <button
        type="submit"
        data-lk-button-primary=""
        data-testid="swap-review"
        data-rule={rule ? '' : undefined}
        disabled={!ready}
      >
        {label}
      </button>
    </form>
  )
}
