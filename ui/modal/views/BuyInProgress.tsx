import { isFinalOnrampStatus } from '../../../src/onramp/onrampTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useOnrampSession } from '../../hooks/useOnrampSession'
import { useOnrampStatus } from '../../hooks/useOnrampStatus'
import { AlertIcon, CheckIcon, ExternalIcon } from '../icons'
import { formatFiat } from '../onramp/formatFiat'
import { OnrampProviderMark } from '../onramp/OnrampProviderMark'
import { tOnramp } from '../onramp/tOnramp'
import { formatSwapAmount } from '../swap/formatSwapAmount'
import { useNetworkInfo } from '../useNetworkInfo'
import type { ViewProps } from '../ViewProps'

const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' }

/**
 * A card purchase under way (issue 15): what is bought, from whom, and its two steps (the
 * payment in the provider's window, then the delivery), read every 2 s until final; then the
 * success (the tokens arrived, with the delivery on the explorer) or the failure, said plainly.
 */
export function BuyInProgress({ data }: ViewProps<'BuyInProgress'>) {
  const { router } = useLatchkeyContext()
  const started = data?.session
  const popup = useOnrampSession()
  const read = useOnrampStatus(started?.id)
  const session = read.data ?? started
  const network = useNetworkInfo(session?.chainId)
  const status = session?.status ?? 'pending'
  const final = isFinalOnrampStatus(status)
  if (!session) return null

  const amount = `${formatSwapAmount(session.cryptoAmount, session.decimals)} ${session.symbol}`
  const paid = formatFiat(
    session.fiatAmount,
    symbols[session.fiatCurrency] ?? `${session.fiatCurrency} `,
  )
  const explorerUrl =
    session.txHash && network?.explorerUrl
      ? `${network.explorerUrl}/tx/${session.txHash}`
      : undefined
  const failure =
    session.failureReason === 'card_declined'
      ? tOnramp('onramp.failed.card_declined')
      : session.failureReason === 'delivery_failed'
        ? tOnramp('onramp.failed.delivery', { provider: session.providerName })
        : tOnramp('onramp.failed.other')
  const steps = [
    {
      id: 'payment',
      title: status === 'pending' ? tOnramp('onramp.step.payment') : tOnramp('onramp.step.paid'),
      hint: tOnramp('onramp.step.paymentHint', { provider: session.providerName }),
      state:
        status === 'pending'
          ? 'active'
          : status === 'failed' && !session.txHash
            ? 'failed'
            : 'done',
    },
    {
      id: 'delivery',
      title: tOnramp('onramp.step.delivery'),
      hint: tOnramp('onramp.step.deliveryHint', { amount }),
      state: status === 'processing' ? 'active' : status === 'completed' ? 'done' : 'todo',
    },
  ]

  return (
    <div data-lk-onramp-progress="" data-state={status} data-testid="buy-in-progress">
      <div data-lk-onramp-hero="">
        <OnrampProviderMark name={session.providerName} size={56} />
        <strong data-testid="buy-amount">
          {tOnramp(status === 'completed' ? 'onramp.progress.done' : 'onramp.progress.title', {
            amount,
          })}
        </strong>
        <span>
          {tOnramp('onramp.progress.for', { amount: paid, provider: session.providerName })}
        </span>
      </div>

      {final ? (
        <div
          data-lk-onramp-result=""
          data-tone={status === 'completed' ? 'success' : 'error'}
          role="status"
          data-testid="buy-result"
        >
          <span data-lk-onramp-result-icon="" aria-hidden="true">
            {status === 'completed' ? <CheckIcon size={22} /> : <AlertIcon size={22} />}
          </span>
          <strong>
            {tOnramp(status === 'completed' ? 'onramp.success.title' : 'onramp.failed.title')}
          </strong>
          <span data-testid="buy-result-text">
            {status === 'completed' ? tOnramp('onramp.success.text', { amount }) : failure}
          </span>
        </div>
      ) : (
        <section data-lk-swap-steps="" aria-live="polite">
          <ol data-testid="buy-steps">
            {steps.map((step, index) => (
              <li key={step.id} data-state={step.state} data-testid={`buy-step-${step.id}`}>
                <span data-lk-swap-step-mark="" aria-hidden="true">
                  {step.state === 'done' ? (
                    <CheckIcon size={14} />
                  ) : step.state === 'active' ? (
                    <span data-lk-send-spinner="" />
                  ) : (
                    index + 1
                  )}
                </span>
                <span data-lk-swap-step-text="">
                  <span data-lk-swap-step-title="">{step.title}</span>
                  <span data-lk-swap-step-hint="">{step.hint}</span>
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}

      {status === 'pending' && popup.popupBlocked && (
        <p data-lk-send-notice="" role="alert" data-testid="buy-blocked">
          <AlertIcon size={16} />
          <span>{tOnramp('onramp.blocked')}</span>
        </p>
      )}
      {explorerUrl && (
        <a
          data-lk-send-explorer=""
          href={explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="buy-explorer"
        >
          <ExternalIcon size={14} />
          {tOnramp('onramp.explorer')}
        </a>
      )}

      <div data-lk-send-actions="">
        {status === 'pending' && (
          <button
            type="button"
            data-lk-button-ghost=""
            data-testid="buy-reopen"
            onClick={popup.reopen}
          >
            {popup.popupBlocked
              ? tOnramp('onramp.open', { provider: session.providerName })
              : tOnramp('onramp.openAgain')}
          </button>
        )}
        {status === 'failed' && (
          <button
            type="button"
            data-lk-button-ghost=""
            data-testid="buy-try-again"
            onClick={() => router.goBack()}
          >
            {tOnramp('onramp.tryAgain')}
          </button>
        )}
        {final && (
          <button
            type="button"
            data-lk-button-primary=""
            data-testid="buy-done"
            onClick={() => router.reset('Account')}
          >
            {tOnramp('onramp.done')}
          </button>
        )}
      </div>
    </div>
  )
}
