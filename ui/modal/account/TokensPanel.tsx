import { useCallback, useEffect, useMemo } from 'react'
import type { TokenBalance } from '../../../src/schemas/accountData'
import { useModalParts } from '../../context/useModalParts'
import { useTokenBalances } from '../../hooks/useTokenBalances'
import { t } from '../../locales/t'
import { useAccountSource } from '../../useAccountSource'
import { EmptyState } from '../EmptyState'
import type { NetworkDisplay } from '../useNetworkInfo'
import { SkeletonRows } from './SkeletonRows'
import { TokenRow, tokenRowHeight } from './TokenRow'
import { VirtualStack } from './VirtualStack'

type Row = TokenBalance | { name: string; symbol: string; unavailable: true; id: string }

/** The Tokens tab: the native token and every ERC-20 held, from the host's `chainData` source. */
export function TokensPanel({ network }: { network: NetworkDisplay | undefined }) {
  const { toast } = useModalParts()
  const { data, error, isPending, isFetching, refetch } = useTokenBalances()
  const { tokens } = useAccountSource({})
  const retry = useCallback(() => void refetch(), [refetch])

  // SPEC §8: a token balance failure shows the toast, once per failure
  useEffect(() => {
    if (error) toast.show('error', t('account.balanceUnavailable'))
  }, [error, toast])

  const rows = useMemo<Row[]>(() => {
    if (!data) return []
    const known = network?.chainId === undefined ? [] : (tokens?.[network.chainId] ?? [])
    const unknown = data.unavailable.map((caip10) => {
      const address = caip10.split(':').at(-1)?.toLowerCase() ?? caip10
      const listed = known.find((token) => token.address.toLowerCase() === address)
      return {
        id: caip10,
        name: listed?.name ?? `${address.slice(0, 6)}…${address.slice(-4)}`,
        symbol: listed?.symbol ?? '',
        unavailable: true as const,
      }
    })
    return [...data.balances, ...unknown]
  }, [data, tokens, network?.chainId])

  const heightOf = useCallback(() => tokenRowHeight, [])
  const keyOf = useCallback(
    (index: number) => {
      const row = rows[index]
      if (!row) return String(index)
      return 'unavailable' in row ? row.id : (row.address ?? `native:${row.chainId}`)
    },
    [rows],
  )
  const renderItem = useCallback(
    (index: number) => {
      const row = rows[index]
      return row ? <TokenRow token={row} network={network} onRetry={retry} /> : null
    },
    [rows, network, retry],
  )

  if (isPending && isFetching) return <SkeletonRows rows={3} testId="tokens-loading" />
  // unknown, not zero: the native row with '—' and Retry (SPEC §8 'Token Balance Unavailable')
  if (error || data?.locked) {
    const symbol = network?.symbol ?? ''
    return (
      <div data-lk-tokens="" data-state="unavailable">
        <ul data-lk-token-list="" aria-label={t('account.tab.tokens')}>
          <li>
            <TokenRow
              token={{ name: network?.name ?? symbol, symbol, unavailable: true }}
              network={network}
              onRetry={retry}
              native
            />
          </li>
        </ul>
        <p data-lk-panel-caption="" role="status" data-testid="tokens-unavailable">
          {t('account.balanceUnavailable')}
        </p>
      </div>
    )
  }
  if (!data) return null
  if (rows.length === 0)
    return <EmptyState title={t('account.tokensEmpty')} hint={t('account.tokensEmptyHint')} />
  return (
    <div data-lk-tokens="">
      <VirtualStack
        count={rows.length}
        heightOf={heightOf}
        keyOf={keyOf}
        renderItem={renderItem}
        maxHeight={tokenRowHeight * 5.5}
        label={t('account.tab.tokens')}
        testId="token-list"
      />
    </div>
  )
}
