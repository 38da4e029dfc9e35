import { useCallback, useMemo } from 'react'
import type { Transaction } from '../../../src/schemas/accountData'
import { useModalParts } from '../../context/useModalParts'
import { useActivity } from '../../hooks/useActivity'
import { t } from '../../locales/t'
import { useAccountSource } from '../../useAccountSource'
import { useConnection } from '../../useConnection'
import { EmptyState } from '../EmptyState'
import { useTrack } from '../useTrack'
import { ActivityRow, activityRowHeight } from './ActivityRow'
import { PanelNotice } from './PanelNotice'
import { SkeletonRows } from './SkeletonRows'
import { VirtualStack } from './VirtualStack'

/** Height of a month title in px (kept in step with styles.css). */
const monthHeight = 34

type Item =
  | { kind: 'month'; key: string; title: string }
  | { kind: 'tx'; key: string; tx: Transaction }

/**
 * The Activity tab (SPEC §5 "Transaction history"): the connected chain's transactions grouped by
 * month, newest first, spam-only ones dropped, paged by cursor. A failure (SPEC §8) emits
 * ERROR_FETCH_TRANSACTIONS, toasts and shows 'Failed to fetch transactions' with a Retry; the list
 * is then empty and has no next page.
 */
export function ActivityPanel() {
  const { toast } = useModalParts()
  const track = useTrack()
  const { address } = useConnection()
  const { url } = useAccountSource({})
  const onError = useCallback(() => {
    track({ event: 'ERROR_FETCH_TRANSACTIONS' })
    toast.show('error', t('account.activityFailed'))
  }, [track, toast])
  const {
    groups,
    error,
    isPending,
    isFetching,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
  } = useActivity({ onError })

  const items = useMemo(() => {
    const list: Item[] = []
    for (const group of groups) {
      list.push({ kind: 'month', key: `${group.year}-${group.month}`, title: group.title })
      for (const tx of group.transactions) list.push({ kind: 'tx', key: tx.id, tx })
    }
    return list
  }, [groups])
  const heightOf = useCallback(
    (index: number) => (items[index]?.kind === 'month' ? monthHeight : activityRowHeight),
    [items],
  )
  const keyOf = useCallback((index: number) => items[index]?.key ?? String(index), [items])
  const renderItem = useCallback(
    (index: number) => {
      const item = items[index]
      if (!item) return null
      if (item.kind === 'month')
        return (
          <h3 data-lk-activity-month="" data-testid="activity-month">
            {item.title}
          </h3>
        )
      return <ActivityRow tx={item.tx} address={address ?? ''} serverUrl={url} />
    },
    [items, address, url],
  )

  if (error)
    return (
      <PanelNotice
        title={t('account.activityFailed')}
        onRetry={() => void refetch()}
        testId="activity-error"
      />
    )
  if (isPending && isFetching) return <SkeletonRows rows={4} testId="activity-loading" />
  if (items.length === 0)
    return <EmptyState title={t('account.noActivity')} hint={t('account.noActivityHint')} />
  return (
    <div data-lk-activity="">
      <VirtualStack
        count={items.length}
        heightOf={heightOf}
        keyOf={keyOf}
        renderItem={renderItem}
        maxHeight={activityRowHeight * 5.5}
        label={t('account.tab.activity')}
        testId="activity-list"
      />
      {hasNextPage && (
        <button
          type="button"
          data-lk-load-more=""
          data-testid="activity-more"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('account.loading') : t('account.loadMore')}
        </button>
      )}
    </div>
  )
}
