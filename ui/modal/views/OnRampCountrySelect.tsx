import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useOnrampOptions } from '../../hooks/useOnrampOptions'
import { countryName } from '../onramp/countryName'
import { OnRampPickList } from '../onramp/OnRampPickList'
import { useOnrampForm } from '../onramp/onrampForm'
import { tOnramp } from '../onramp/tOnramp'

/**
 * The countries the on-ramp's providers serve, the one in use first marked (the visitor's pick,
 * else the server's guess); picking one goes back, and the quotes follow it.
 */
export function OnRampCountrySelect() {
  const { router } = useLatchkeyContext()
  const { data } = useOnrampOptions()
  const [form, setForm] = useOnrampForm()
  const items = (data?.countries ?? [])
    .map((code) => ({ code, mark: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'))
  return (
    <OnRampPickList
      searchLabel={tOnramp('onramp.search.country')}
      listTestId="onramp-countries"
      row="country"
      items={items}
      current={form.country ?? data?.country}
      matches={(item, needle) =>
        item.code.toLowerCase() === needle || item.label.toLowerCase().includes(needle)
      }
      onPick={(country) => {
        setForm({ country })
        router.goBack()
      }}
    />
  )
}
