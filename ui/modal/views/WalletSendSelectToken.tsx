import { useMemo, useState } from 'react'
import { formatUnits } from 'viem'
import { formatQuantity } from '../../../src/utils/format'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useSend } from '../../hooks/useSend'
import { useConnection } from '../../useConnection'
import { EmptyState } from '../EmptyState'
import { CheckIcon } from '../icons'
import { SearchField } from '../SearchField'
import { TokenIcon } from '../send/TokenIcon'
import { tSend } from '../send/tSend'
import { useSendTokens } from '../send/useSendTokens'

/**
 * Select a token: the chain's own currency and the account's tokens with their balances,
 * searchable by name, symbol or contract; picking one goes back to the send form.
 */
export function WalletSendSelectToken() {
  const { router } = useLatchkeyContext()
  const send = useSend()
  const { chainId } = useConnection()
  const nativeBalance =
    send.nativeBalance !== undefined && send.nativeToken
      ? formatUnits(send.nativeBalance, send.nativeToken.decimals)
      : undefined
  const tokens = useSendTokens(send.nativeToken, send.token, nativeBalance)
  const [query, setQuery] = useState('')

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase()
    if (!needle) return tokens.options
    return tokens.options.filter(({ token }) =>
      [token.symbol, token.name, token.address ?? ''].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    )
  }, [tokens.options, query])
  const selected = send.token?.address?.toLowerCase() ?? (send.token ? 'native' : undefined)

  return (
    <div data-lk-send-tokens="">
      <SearchField
        label={tSend('send.searchTokens')}
        value={query}
        onChange={setQuery}
        testId="send-token-search"
      />
      {tokens.unavailable && send.nativeToken && (
        <p data-lk-send-rule="" data-testid="send-tokens-unavailable">
          {tSend('send.tokensUnavailable', { symbol: send.nativeToken.symbol })}
        </p>
      )}
      {shown.length === 0 ? (
        <EmptyState title={tSend('send.noTokens')} />
      ) : (
        <ul data-lk-list="" data-testid="send-token-list">
          {shown.map(({ token, balance }) => {
            const id = token.address?.toLowerCase() ?? 'native'
            const active = id === selected
            return (
              <li key={id}>
                <button
                  type="button"
                  data-lk-row=""
                  data-lk-send-token-row=""
                  data-testid={`send-token-${token.address ?? 'native'}`}
                  data-active={active ? '' : undefined}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => {
                    send.selectToken(token)
                    router.goBack()
                  }}
                >
                  <TokenIcon
                    symbol={token.symbol}
                    address={token.address}
                    iconUrl={token.iconUrl}
                    chainId={chainId}
                    size={32}
                  />
                  <span data-lk-send-token-names="">
                    <span data-lk-row-label="">{token.name}</span>
                    <span data-lk-send-token-symbol="">{token.symbol}</span>
                  </span>
                  <span data-lk-token-amount="">
                    {balance === undefined ? '' : formatQuantity(balance, 3)}
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
