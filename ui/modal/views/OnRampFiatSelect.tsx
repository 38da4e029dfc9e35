import { useState } from 'react'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useOnrampOptions } from '../../hooks/useOnrampOptions'
import { EmptyState } from '../EmptyState'
import { CheckIcon } from '../icons'
import { formatFiat } from '../onramp/formatFiat'
import { useOnrampForm } from '../onramp/onrampForm'
import { tOnramp } from '../onramp/tOnramp'
import { SearchField } from '../SearchField'

/** The currencies the on-ramp takes, with the amounts each accepts; picking one goes back. */
export function OnRampFiatSelect() {
  const { router } = useLatchkeyContext()
  const { data } = useOnrampOptions()
  const [form, setForm] = useOnrampForm()
  const [query, setQuery] = useState('')
  const all = data?.fiatCurrencies ?? []
  const current = form.currency ?? all[0]?.code
  const needle = query.trim().toLowerCase()
  const shown = all.filter(
    (currency) =>
      !needle ||
      currency.code.toLowerCase().includes(needle) ||
      currency.name.toLowerCase().includes(needle),
  )
  return (
    <div data-lk-send-tokens="" data-lk-onramp-select="">
      <SearchField label={tOnramp('onramp.search.currency')} value={query} onChange={setQuery} />
      {shown.length === 0 ? (
        <EmptyState title={tOnramp('onramp.noMatch')} />
      ) : (
        <ul data-lk-list="" data-testid="onramp-currencies">
          {shown.map((currency) => {
            const active = currency.code === current
            return (
              <li key={currency.code}>
                <button
                  type="button"
                  data-lk-row=""
                  data-lk-send-token-row=""
                  data-testid={`onramp-currency-${currency.code}`}
                  data-active={active ? '' : undefined}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => {
                    setForm({ currency: currency.code })
                    router.goBack()
                  }}
                >
                  <span data-lk-onramp-fiat="" aria-hidden="true">
                    {currency.symbol}
                  </span>
                  <span data-lk-send-token-names="">
                    <span data-lk-row-label="">{currency.code}</span>
                    <span data-lk-send-token-symbol="">{currency.name}</span>
                  </span>
                  <span data-lk-token-amount="">
                    {`${formatFiat(currency.min, currency.symbol)} – ${formatFiat(currency.max, currency.symbol)}`}
                  </span>
                  {active && <CheckIcon size={16} />}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
