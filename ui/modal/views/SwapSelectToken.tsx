import { useState } from 'react'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { type SwapTokenOption, useSwapTokens } from '../../hooks/useSwapTokens'
import { useConnection } from '../../useConnection'
import { EmptyState } from '../EmptyState'
import { CheckIcon } from '../icons'
import { SearchField } from '../SearchField'
import { TokenIcon } from '../send/TokenIcon'
import { formatSwapAmount } from '../swap/formatSwapAmount'
import { useSwapForm } from '../swap/swapForm'
import { tSwap } from '../swap/tSwap'
import type { ViewProps } from '../ViewProps'

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()
const iconAddress = (address: string) => (same(address, nativeTokenAddress) ? undefined : address)

/**
 * Select a token for one side of the swap: the suggested tokens as chips, then the tokens the
 * account holds (with balances) and the other suggested ones, searchable by name, symbol or
 * contract. Picking the token of the other side switches the two.
 */
export function SwapSelectToken({ data }: ViewProps<'SwapSelectToken'>) {
  const side = data?.side ?? 'sell'
  const { router } = useLatchkeyContext()
  const { chainId } = useConnection()
  const [query, setQuery] = useState('')
  const all = useSwapTokens()
  const { tokens } = useSwapTokens({ query })
  const [form, setForm] = useSwapForm()
  const current = side === 'sell' ? form.sellToken : form.buyToken
  const other = side === 'sell' ? form.buyToken : form.sellToken

  const pick = ({ token }: SwapTokenOption) => {
    if (same(token.address, other?.address))
      setForm(
        side === 'sell'
          ? { sellToken: token, buyToken: form.sellToken, amount: '' }
          : { buyToken: token, sellToken: form.buyToken, amount: '' },
      )
    else setForm(side === 'sell' ? { sellToken: token, amount: '' } : { buyToken: token })
    router.goBack()
  }

  const held = tokens.filter((option) => option.balance !== undefined && option.balance > 0n)
  const rest = tokens.filter((option) => !held.includes(option))
  const chips = all.tokens.filter((option) => option.suggested)

  const row = (option: SwapTokenOption) => {
    const { token, balance } = option
    const active = same(token.address, current?.address)
    return (
      <li key={token.address.toLowerCase()}>
        <button
          type="button"
          data-lk-row=""
          data-lk-send-token-row=""
          data-testid={`swap-token-${token.symbol}`}
          data-active={active ? '' : undefined}
          aria-current={active ? 'true' : undefined}
          onClick={() => pick(option)}
        >
          <TokenIcon
            symbol={token.symbol}
            address={iconAddress(token.address)}
            iconUrl={token.iconUrl}
            chainId={chainId}
            size={32}
          />
          <span data-lk-send-token-names="">
            <span data-lk-row-label="">{token.name}</span>
            <span data-lk-send-token-symbol="">{token.symbol}</span>
          </span>
          <span data-lk-token-amount="" data-testid={`swap-token-balance-${token.symbol}`}>
            {balance === undefined ? '' : formatSwapAmount(balance, token.decimals)}
          </span>
          {active && <CheckIcon size={16} />}
        </button>
      </li>
    )
  }

  return (
    <div data-lk-send-tokens="" data-lk-swap-tokens="" data-side={side}>
      <SearchField
        label={tSwap('swap.search')}
        value={query}
        onChange={setQuery}
        testId="swap-token-search"
      />
      {!query && chips.length > 0 && (
        <div data-lk-swap-suggested="">
          <p data-lk-swap-section="">{tSwap('swap.suggested')}</p>
          <div data-lk-swap-chips="">
            {chips.map((option) => (
              <button
                key={option.token.address.toLowerCase()}
                type="button"
                data-lk-swap-chip=""
                data-active={same(option.token.address, current?.address) ? '' : undefined}
                data-testid={`swap-chip-${option.token.symbol}`}
                onClick={() => pick(option)}
              >
                <TokenIcon
                  symbol={option.token.symbol}
                  address={iconAddress(option.token.address)}
                  iconUrl={option.token.iconUrl}
                  chainId={chainId}
                  size={18}
                />
                {option.token.symbol}
              </button>
            ))}
          </div>
        </div>
      )}
      {tokens.length === 0 ? (
        <EmptyState title={tSwap('swap.noTokens')} />
      ) : (
        <div data-lk-swap-lists="" data-testid="swap-token-list">
          {held.length > 0 && (
            <>
              <p data-lk-swap-section="">{tSwap('swap.yourTokens')}</p>
              <ul data-lk-list="">{held.map(row)}</ul>
            </>
          )}
          {rest.length > 0 && (
            <>
              <p data-lk-swap-section="">{tSwap('swap.otherTokens')}</p>
              <ul data-lk-list="">{rest.map(row)}</ul>
            </>
          )}
        </div>
      )}
    </div>
  )
}
