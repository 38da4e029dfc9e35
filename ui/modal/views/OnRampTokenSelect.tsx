import { useState } from 'react'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useOnrampOptions } from '../../hooks/useOnrampOptions'
import { useConnection } from '../../useConnection'
import { EmptyState } from '../EmptyState'
import { CheckIcon } from '../icons'
import { useOnrampForm } from '../onramp/onrampForm'
import { tOnramp } from '../onramp/tOnramp'
import { SearchField } from '../SearchField'
import { TokenIcon } from '../send/TokenIcon'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The tokens the on-ramp sells on the connected chain; picking one goes back. */
export function OnRampTokenSelect() {
  const { router } = useLatchkeyContext()
  const { chainId } = useConnection()
  const { data } = useOnrampOptions()
  const [form, setForm] = useOnrampForm()
  const [query, setQuery] = useState('')
  const tokens = data?.tokens.filter((token) => token.chainId === chainId) ?? []
  const current = form.token?.address ?? nativeTokenAddress
  const needle = query.trim().toLowerCase()
  const shown = tokens.filter(
    (token) =>
      !needle ||
      token.symbol.toLowerCase().includes(needle) ||
      token.name.toLowerCase().includes(needle) ||
      token.address.toLowerCase() === needle,
  )
  return (
    <div data-lk-send-tokens="" data-lk-onramp-select="">
      <SearchField label={tOnramp('onramp.search.token')} value={query} onChange={setQuery} />
      {shown.length === 0 ? (
        <EmptyState title={tOnramp('onramp.noMatch')} />
      ) : (
        <ul data-lk-list="" data-testid="onramp-tokens">
          {shown.map((token) => {
            const active = same(token.address, current)
            const native = same(token.address, nativeTokenAddress)
            return (
              <li key={token.address.toLowerCase()}>
                <button
                  type="button"
                  data-lk-row=""
                  data-lk-send-token-row=""
                  data-testid={`onramp-token-${token.symbol}`}
                  data-active={active ? '' : undefined}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => {
                    setForm({ token })
                    router.goBack()
                  }}
                >
                  <TokenIcon
                    symbol={token.symbol}
                    address={native ? undefined : token.address}
                    chainId={chainId}
                    size={32}
                  />
                  <span data-lk-send-token-names="">
                    <span data-lk-row-label="">{token.name}</span>
                    <span data-lk-send-token-symbol="">{token.symbol}</span>
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
