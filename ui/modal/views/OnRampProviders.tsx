import { useEffect, useId, useState } from 'react'
import type { OnrampQuote } from '../../../src/onramp/onrampTypes'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useOnrampOptions } from '../../hooks/useOnrampOptions'
import { useOnrampQuotes } from '../../hooks/useOnrampQuotes'
import { useOnrampSession } from '../../hooks/useOnrampSession'
import { useConnection } from '../../useConnection'
import { EmptyState } from '../EmptyState'
import { AlertIcon, ChevronIcon } from '../icons'
import { countryName } from '../onramp/countryName'
import { formatFiat } from '../onramp/formatFiat'
import { OnrampProviderMark } from '../onramp/OnrampProviderMark'
import { onrampErrorMessage } from '../onramp/onrampErrorMessage'
import { useOnrampForm } from '../onramp/onrampForm'
import { tOnramp } from '../onramp/tOnramp'
import { SendAmountInput } from '../send/SendAmountInput'
import { TokenIcon } from '../send/TokenIcon'
import { formatSwapAmount } from '../swap/formatSwapAmount'
import { useDebouncedValue } from '../swap/useDebouncedValue'
import { useNetworkInfo } from '../useNetworkInfo'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const amountPattern = /^\d{1,12}(\.\d{1,2})?$/
const quickAmounts = ['50', '100', '250']

/**
 * Buy crypto with a card (issue 15): the amount and currency paid, the token bought on the
 * connected chain, the visitor's country (the server's guess until picked), and every provider's
 * quote for it (fee included), the best first. Picking one opens
 * its payment page in a popup (opened in the click) and goes on to BuyInProgress.
 */
export function OnRampProviders() {
  const { router, modal } = useLatchkeyContext()
  const { chainId, status } = useConnection()
  const network = useNetworkInfo(chainId)
  const options = useOnrampOptions()
  const [form, setForm] = useOnrampForm()
  const session = useOnrampSession()
  const [starting, setStarting] = useState<string | undefined>()
  const amountId = useId()

  useEffect(() => {
    if (status === 'disconnected' && modal.getState().open) router.reset('Connect')
  }, [status, router, modal])

  const data = options.data
  const tokens = data?.tokens.filter((token) => token.chainId === chainId) ?? []
  const token =
    form.token && form.token.chainId === chainId
      ? form.token
      : (tokens.find((each) => same(each.address, nativeTokenAddress)) ?? tokens[0])
  const currency =
    data?.fiatCurrencies.find((each) => each.code === form.currency) ?? data?.fiatCurrencies[0]
  const country = form.country ?? data?.country
  const typed = useDebouncedValue(form.amount, 300)
  const valid = amountPattern.test(form.amount.trim())
  const quotes = useOnrampQuotes({
    token: token?.address,
    fiatCurrency: currency?.code,
    country,
    fiatAmount: typed === form.amount && valid ? form.amount.trim() : undefined,
  })
  const list = quotes.data ?? []

  if (options.isError)
    return (
      <p data-lk-send-notice="" role="alert" data-testid="onramp-error">
        <AlertIcon size={16} />
        <span>{onrampErrorMessage(options.error as Error)}</span>
      </p>
    )
  if (data && !token)
    return (
      <div data-lk-onramp-unsupported="" data-testid="onramp-unsupported">
        <EmptyState
          title={tOnramp('onramp.unsupported.title', { network: network?.name ?? '' })}
          hint={tOnramp('onramp.unsupported.hint')}
        />
        <button
          type="button"
          data-lk-button-primary=""
          data-testid="onramp-switch-network"
          onClick={() => router.push('Networks')}
        >
          {tOnramp('onramp.switch')}
        </button>
      </div>
    )

  const buy = (quote: OnrampQuote) => {
    if (!token || !currency || !country || starting) return
    setStarting(quote.provider)
    session
      .start({
        provider: quote.provider,
        token: token.address,
        fiatCurrency: currency.code,
        fiatAmount: quote.fiatAmount,
        country,
      })
      .then(
        (started) => router.push('BuyInProgress', { session: started }),
        () => undefined,
      )
      .finally(() => setStarting(undefined))
  }
  const fetching = valid && list.length === 0 && (quotes.isFetching || typed !== form.amount)

  return (
    <div data-lk-send="" data-lk-onramp="">
      <div data-lk-send-card="" data-invalid={form.amount && !valid ? '' : undefined}>
        <label data-lk-send-label="" htmlFor={amountId}>
          {tOnramp('onramp.pay')}
        </label>
        <div data-lk-send-amount-row="">
          <span data-lk-onramp-symbol="" aria-hidden="true">
            {currency?.symbol}
          </span>
          <SendAmountInput
            id={amountId}
            value={form.amount}
            invalid={form.amount !== '' && !valid}
            onChange={(amount) => setForm({ amount })}
          />
          <button
            type="button"
            data-lk-send-token=""
            data-testid="onramp-currency"
            aria-label={currency ? tOnramp('onramp.currency', { code: currency.code }) : undefined}
            disabled={!data}
            onClick={() => router.push('OnRampFiatSelect')}
          >
            <span>{currency?.code ?? '…'}</span>
            <ChevronIcon size={14} />
          </button>
        </div>
        <div data-lk-onramp-quick="">
          {quickAmounts.map((amount) => (
            <button
              key={amount}
              type="button"
              data-lk-swap-chip=""
              data-active={form.amount === amount ? '' : undefined}
              onClick={() => setForm({ amount })}
            >
              {currency ? formatFiat(amount, currency.symbol).replace(/\.00$/, '') : amount}
            </button>
          ))}
        </div>
      </div>

      <div data-lk-send-card="" data-lk-onramp-get="">
        <span data-lk-send-label="">{tOnramp('onramp.get')}</span>
        <div data-lk-send-amount-row="">
          <output data-lk-send-amount="" data-lk-swap-out="" data-testid="onramp-get-amount">
            {list[0] && token ? formatSwapAmount(list[0].cryptoAmount, token.decimals) : '0'}
          </output>
          <button
            type="button"
            data-lk-send-token=""
            data-lk-swap-token=""
            data-testid="onramp-token"
            aria-label={token ? tOnramp('onramp.token', { symbol: token.symbol }) : undefined}
            disabled={!data}
            onClick={() => router.push('OnRampTokenSelect')}
          >
            {token && (
              <TokenIcon
                symbol={token.symbol}
                address={same(token.address, nativeTokenAddress) ? undefined : token.address}
                chainId={chainId}
                size={22}
              />
            )}
            <span>{token?.symbol ?? tOnramp('onramp.selectToken')}</span>
            <ChevronIcon size={14} />
          </button>
        </div>
      </div>

      <section data-lk-onramp-providers="" aria-label={tOnramp('onramp.providers')}>
        <div data-lk-onramp-section="">
          <p data-lk-swap-section="">{tOnramp('onramp.providers')}</p>
          {country && (
            <button
              type="button"
              data-lk-onramp-country=""
              data-testid="onramp-country"
              aria-label={tOnramp('onramp.country', { name: countryName(country) })}
              onClick={() => router.push('OnRampCountrySelect')}
            >
              <span>{countryName(country)}</span>
              <ChevronIcon size={12} />
            </button>
          )}
        </div>
        {!valid || !currency ? (
          <p data-lk-send-rule="">{tOnramp('onramp.enterAmount')}</p>
        ) : quotes.error && list.length === 0 ? (
          <p data-lk-send-notice="" role="alert" data-testid="onramp-quote-error">
            <AlertIcon size={16} />
            <span>{onrampErrorMessage(quotes.error, currency.symbol)}</span>
          </p>
        ) : fetching ? (
          <p data-lk-send-rule="" data-testid="onramp-quoting">
            <span data-lk-send-spinner="" aria-hidden="true" /> {tOnramp('onramp.quoting')}
          </p>
        ) : (
          <ul data-lk-list="" data-testid="onramp-quotes">
            {list.map((quote, index) => (
              <li key={quote.provider}>
                <button
                  type="button"
                  data-lk-row=""
                  data-lk-onramp-quote=""
                  data-testid={`onramp-provider-${quote.provider}`}
                  aria-label={tOnramp('onramp.continue', { provider: quote.providerName })}
                  aria-busy={starting === quote.provider || undefined}
                  disabled={starting !== undefined}
                  onClick={() => buy(quote)}
                >
                  <OnrampProviderMark name={quote.providerName} />
                  <span data-lk-send-token-names="">
                    <span data-lk-row-label="">{quote.providerName}</span>
                    <span data-lk-send-token-symbol="" data-testid="onramp-fee">
                      {tOnramp('onramp.fee', {
                        amount: formatFiat(quote.feeAmount, currency.symbol),
                        percent: `${quote.feeBps / 100} %`,
                      })}
                    </span>
                  </span>
                  <span data-lk-onramp-quote-side="">
                    {index === 0 && list.length > 1 && (
                      <span data-lk-onramp-best="">{tOnramp('onramp.best')}</span>
                    )}
                    <span data-lk-token-amount="" data-testid="onramp-quote-amount">
                      {starting === quote.provider ? (
                        <span data-lk-send-spinner="" aria-hidden="true" />
                      ) : (
                        tOnramp('onramp.receive', {
                          amount: `${formatSwapAmount(quote.cryptoAmount, token?.decimals ?? 18)} ${token?.symbol ?? ''}`,
                        })
                      )}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {session.status === 'error' && session.error && (
          <p data-lk-send-notice="" role="alert" data-testid="onramp-start-error">
            <AlertIcon size={16} />
            <span>{onrampErrorMessage(session.error)}</span>
          </p>
        )}
      </section>
    </div>
  )
}
