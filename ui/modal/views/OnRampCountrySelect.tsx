import { useState } from 'react'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useOnrampOptions } from '../../hooks/useOnrampOptions'
import { EmptyState } from '../EmptyState'
import { CheckIcon } from '../icons'
import { countryName } from '../onramp/countryName'
import { useOnrampForm } from '../onramp/onrampForm'
import { tOnramp } from '../onramp/tOnramp'
import { SearchField } from '../SearchField'

/**
 * The countries the on-ramp's providers serve, the one in use first marked (the visitor's pick,
 * else the server's guess); picking one goes back, and the quotes follow it.
 */
export function OnRampCountrySelect() {
  const { router } = useLatchkeyContext()
  const { data } = useOnrampOptions()
  const [form, setForm] = useOnrampForm()
  const [query, setQuery] = useState('')
  const current = form.country ?? data?.country
  const needle = query.trim().toLowerCase()
  const all = (data?.countries ?? [])
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  const shown = all.filter(
    (country) =>
      !needle ||
      country.code.toLowerCase() === needle ||
      country.name.toLowerCase().includes(needle),
  )
  return (
    <div data-lk-send-tokens="" data-lk-onramp-select="">
      <SearchField label={tOnramp('onramp.search.country')} value={query} onChange={setQuery} />
      {shown.length === 0 ? (
        <EmptyState title={tOnramp('onramp.noMatch')} />
      ) : (
        <ul data-lk-list="" data-testid="onramp-countries">
          {shown.map((country) => {
            const active = country.code === current
            return (
              <li key={country.code}>
                <button
                  type="button"
                  data-lk-row=""
                  data-lk-send-token-row=""
                  data-testid={`onramp-country-${country.code}`}
                  data-active={active ? '' : undefined}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => {
                    setForm({ country: country.code })
                    router.goBack()
                  }}
                >
                  <span data-lk-onramp-fiat="" aria-hidden="true">
                    {country.code}
                  </span>
                  <span data-lk-send-token-names="">
                    <span data-lk-row-label="">{country.name}</span>
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
