import { useEffect } from 'react'
import { getCurrentRoute } from '../../../src/machines/router'
import type { SwapStep } from '../../../src/machines/swapRun'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { useSwap } from '../../hooks/useSwap'
import { useSwapBuild } from '../../hooks/useSwapBuild'
import { useSwapQuote } from '../../hooks/useSwapQuote'
import { useSwapSetup } from '../../swap/useSwapSetup'
import { useConnection } from '../../useConnection'
import { AlertIcon, CheckIcon, ExternalIcon } from '../icons'
import { TokenIcon } from '../send/TokenIcon'
import { formatSwapAmount } from '../swap/formatSwapAmount'
import { parseSwapAmount } from '../swap/parseSwapAmount'
import { SwapDetails } from '../swap/SwapDetails'
import { SwapSteps } from '../swap/SwapSteps'
import { swapErrorMessage } from '../swap/swapErrorMessage'
import { useSwapForm } from '../swap/swapForm'
import { tSwap } from '../swap/tSwap'
import { useNetworkInfo } from '../useNetworkInfo'

const native = (address: string) =>
  address.toLowerCase() === nativeTokenAddress.toLowerCase() ? undefined : address

/**
 * The swap to confirm: what goes out and what comes back, the details, and the steps it asks of
 * the wallet (approve → sign permit → swap → confirmation), built and checked before Swap is
 * enabled (a refused quote says so and nothing can be sent). Then each step's progress until the
 * receipt, with toasts: pending, done or failed.
 */
export function SwapPreview() {
  const { router } = useLatchkeyContext()
  const { toast } = useModalParts()
  const { chainId } = useConnection()
  const network = useNetworkInfo(chainId)
  const setup = useSwapSetup()
  const [form, setForm] = useSwapForm()
  const run = useSwap()
  const { sellToken, buyToken } = form
  const slippageBps = form.slippageBps ?? setup.slippageBps
  const parsed = sellToken ? parseSwapAmount(form.amount, sellToken.decimals) : undefined
  const sellAmount = typeof parsed === 'bigint' ? parsed : undefined
  const request = {
    sellToken: sellToken?.address,
    buyToken: buyToken?.address,
    sellAmount,
    slippageBps,
  }
  const build = useSwapBuild({ ...request, query: { enabled: run.status === 'idle' } })
  const quote = useSwapQuote({ ...request, query: { enabled: run.status === 'idle' } })

  // a finished run of an earlier swap is not this one's
  const { reset } = run
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the preview opens
  useEffect(() => {
    if (run.status !== 'pending') reset()
  }, [])
  // nothing to preview (the form lost its tokens or amount): back to the form
  const lost = !sellToken || !buyToken || sellAmount === undefined
  useEffect(() => {
    if (lost && getCurrentRoute(router.getState()).view === 'SwapPreview') router.goBack()
  }, [lost, router])
  if (!sellToken || !buyToken || sellAmount === undefined) return null

  const built = build.data
  const buyAmount = built?.build.quote.buyAmount ?? quote.data?.quote.buyAmount
  const sellText = `${formatSwapAmount(sellAmount, sellToken.decimals)} ${sellToken.symbol}`
  const buyText =
    buyAmount === undefined
      ? '…'
      : `${formatSwapAmount(buyAmount, buyToken.decimals)} ${buyToken.symbol}`
  const steps: readonly SwapStep[] =
    run.status !== 'idle'
      ? run.steps
      : [
          ...(built?.needsApproval ? (['approve'] as const) : []),
          ...(built?.needsSignature ? (['sign'] as const) : []),
          'swap',
          'receipt',
        ]
  const error = run.error ?? build.error ?? undefined
  const hash = run.hash
  const explorerUrl = hash && network?.explorerUrl ? `${network.explorerUrl}/tx/${hash}` : undefined

  const confirm = () => {
    toast.show('loading', tSwap('swap.toast.pending', { sell: sellText, buy: buyToken.symbol }))
    run
      .swap({ sellToken, buyToken, sellAmount, slippageBps })
      .then(({ build: done }) => {
        const got = `${formatSwapAmount(done.quote.buyAmount, buyToken.decimals)} ${buyToken.symbol}`
        toast.show('success', tSwap('swap.toast.success', { sell: sellText, buy: got }))
      })
      .catch((failure: Error) => toast.show('error', swapErrorMessage(failure)))
  }

  return (
    <div
      data-lk-send-preview=""
      data-lk-swap-preview=""
      data-state={run.status}
      data-testid="swap-preview-view"
    >
      <div data-lk-swap-hero="">
        <div data-lk-swap-hero-side="">
          <TokenIcon
            symbol={sellToken.symbol}
            address={native(sellToken.address)}
            iconUrl={sellToken.iconUrl}
            chainId={chainId}
            size={40}
          />
          <strong data-testid="swap-preview-sell">{sellText}</strong>
        </div>
        <span data-lk-swap-hero-arrow="" aria-hidden="true">
          →
        </span>
        <div data-lk-swap-hero-side="">
          <TokenIcon
            symbol={buyToken.symbol}
            address={native(buyToken.address)}
            iconUrl={buyToken.iconUrl}
            chainId={chainId}
            size={40}
          />
          <strong data-testid="swap-preview-buy">{buyText}</strong>
        </div>
      </div>

      {built && (
        <SwapDetails
          quote={built.build.quote}
          sellToken={sellToken}
          buyToken={buyToken}
          priceImpact={quote.data?.priceImpact}
          networkFee={built.networkFee}
          network={network}
          slippageBps={slippageBps}
        />
      )}
      {!built && !error && (
        <p data-lk-send-rule="" data-testid="swap-building">
          <span data-lk-send-spinner="" aria-hidden="true" /> {tSwap('swap.building')}
        </p>
      )}
      {(built || run.status !== 'idle') && (
        <SwapSteps
          steps={steps}
          run={run}
          sellToken={sellToken}
          sellAmount={formatSwapAmount(sellAmount, sellToken.decimals)}
        />
      )}

      <div
        data-lk-send-status=""
        aria-live="polite"
        data-testid="swap-status"
        data-state={run.status}
      >
        {run.status === 'success' && (
          <p data-tone="success">
            <CheckIcon size={16} />
            {tSwap('swap.status.success')}
          </p>
        )}
      </div>
      {error && (
        <p data-lk-send-notice="" role="alert" data-testid="swap-error">
          <AlertIcon size={16} />
          <span>{swapErrorMessage(error)}</span>
        </p>
      )}
      {explorerUrl && (
        <a
          data-lk-send-explorer=""
          href={explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="swap-explorer"
        >
          <ExternalIcon size={14} />
          {tSwap('swap.explorer')}
        </a>
      )}

      <div data-lk-send-actions="">
        {run.status === 'success' ? (
          <>
            <button
              type="button"
              data-lk-button-ghost=""
              data-testid="swap-again"
              onClick={() => {
                reset()
                setForm({ amount: '' })
                router.goBack()
              }}
            >
              {tSwap('swap.again')}
            </button>
            <button
              type="button"
              data-lk-button-primary=""
              data-testid="swap-done"
              onClick={() => {
                reset()
                router.reset('Account')
              }}
            >
              {tSwap('swap.done')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              data-lk-button-ghost=""
              data-testid="swap-edit"
              disabled={run.isPending}
              onClick={() => {
                reset()
                router.goBack()
              }}
            >
              {tSwap('swap.edit')}
            </button>
            <button
              type="button"
              data-lk-button-primary=""
              data-testid="swap-confirm"
              disabled={run.isPending || !built || build.isError}
              onClick={confirm}
            >
              {built?.needsApproval ? tSwap('swap.approveAndSwap') : tSwap('swap.confirm')}
            </button>
          </>
        )}
      </div>
    </div>
  )
}
