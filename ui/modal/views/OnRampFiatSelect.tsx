import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useOnrampOptions } from '../../hooks/useOnrampOptions'
import { formatFiat } from '../onramp/formatFiat'
import { OnRampPickList } from '../onramp/OnRampPickList'
import { useOnrampForm } from '../onramp/onrampForm'
import { tOnramp } from '../onramp/tOnramp'

/** The currencies the on-ramp takes, with the amounts each accepts; picking one goes back. */
export function OnRampFiatSelect() {
  const { router } = useLatchkeyContext()
  const { data } = useOnrampOptions()
  const [form, setForm] = useOnrampForm()
  const all = data?.fiatCurrencies ?? []
  const items = all.map((currency) => ({
    code: currency.code,
    mark: currency.symbol,
    label: currency.code,
    sub: currency.name,
    amount: `${formatFiat(currency.min, currency.symbol)} – ${formatFiat(currency.max, currency.symbol)}`,
  }))
  return (
    <OnRampPickList
      searchLabel={tOnramp('onramp.search.currency')}
      listTestId="onramp-currencies"
      row="currency"
      items={items}
      current={form.currency ?? all[0]?.code}
      matches={(item, needle) =>
        item.code.toLowerCase().includes(needle) || (item.sub ?? '').toLowerCase().includes(needle)
      }
      onPick={(currency) => {
        setForm({ currency })
        router.goBack()
      }}
    />
  )
}
