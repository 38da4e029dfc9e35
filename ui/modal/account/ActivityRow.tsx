import { transactionSign } from '../../../src/account/transactionSign'
import type { Transaction } from '../../../src/schemas/accountData'
import { formatQuantity } from '../../../src/utils/format'
import { truncateAddress } from '../../../src/utils/truncateAddress'
import { t } from '../../locales/t'
import type { LocaleKey } from '../../locales/types'
import { nftImageUrl } from './nftImageUrl'
import { TokenIcon } from './TokenIcon'

/** Height of an activity row in px: 56 plus the 4 px gap (kept in step with styles.css). */
export const activityRowHeight = 60

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })

const labels: Record<string, LocaleKey> = {
  send: 'activity.send',
  receive: 'activity.receive',
  mint: 'activity.mint',
  burn: 'activity.burn',
  execute: 'activity.execute',
  trade: 'activity.trade',
}

/** What a transaction moved, as shown: '1.500 TST', '1 Latch #3'; '' when it moved nothing. */
function amountOf(
  tx: Transaction,
  transfer = tx.transfers[0],
): { text: string; symbol: string; icon: string | undefined } {
  if (!transfer) return { text: '', symbol: '', icon: undefined }
  if (transfer.nft_info)
    return {
      text: transfer.nft_info.name,
      symbol: transfer.nft_info.name,
      icon: transfer.nft_info.content?.preview?.url ?? undefined,
    }
  const symbol = transfer.fungible_info?.symbol ?? ''
  return {
    text: `${formatQuantity(transfer.quantity.numeric, 3)}${symbol ? ` ${symbol}` : ''}`,
    symbol,
    icon: transfer.fungible_info?.icon?.url ?? undefined,
  }
}

/**
 * One transaction: what it was (Sent, Received…), to or from whom and when, and the amount with
 * its SPEC §4 sign ('+' in, '-' out).
 */
export function ActivityRow({
  tx,
  address,
  serverUrl,
}: {
  tx: Transaction
  /** The connected account: the other side of the transaction is shown. */
  address: string
  serverUrl: string | undefined
}) {
  // a swap shows what came in, and what went out below its name
  const trade = tx.metadata.operationType === 'trade'
  const bought = trade ? tx.transfers.find((transfer) => transfer.direction === 'in') : undefined
  const sold = trade ? tx.transfers.find((transfer) => transfer.direction === 'out') : undefined
  const sign = bought ? '+' : transactionSign(tx)
  const { text, symbol, icon } = amountOf(tx, bought ?? tx.transfers[0])
  const nft = Boolean(tx.transfers[0]?.nft_info)
  const outgoing = tx.metadata.sentFrom.toLowerCase() === address.toLowerCase()
  const other = outgoing ? tx.metadata.sentTo : tx.metadata.sentFrom
  const status = tx.metadata.status
  const day = dayFormat.format(new Date(tx.metadata.minedAt))
  return (
    <div data-lk-activity-row="" data-testid="activity-row" data-status={status}>
      <span
        data-lk-activity-icon=""
        data-direction={sign === '+' ? 'in' : sign === '-' ? 'out' : 'self'}
      >
        <TokenIcon name={symbol || '?'} url={nft ? nftImageUrl(icon, serverUrl) : icon} size={36} />
        <span data-lk-activity-arrow="" aria-hidden="true">
          {sign === '+' ? '↓' : sign === '-' ? '↑' : '↔'}
        </span>
      </span>
      <span data-lk-token-text="">
        <span data-lk-token-name="">
          {t(labels[tx.metadata.operationType] ?? 'activity.other')}
          {status === 'failed' && <span data-lk-activity-status="">{t('activity.failed')}</span>}
          {status === 'pending' && <span data-lk-activity-status="">{t('activity.pending')}</span>}
        </span>
        <span data-lk-token-sub="">
          {sold
            ? `-${amountOf(tx, sold).text}`
            : t(outgoing ? 'activity.to' : 'activity.from', { address: truncateAddress(other) })}
        </span>
      </span>
      <span data-lk-token-figures="">
        {text && (
          <span
            data-lk-activity-amount=""
            data-sign={sign || undefined}
            data-testid="activity-amount"
          >
            {sign}
            {text}
          </span>
        )}
        <time data-lk-token-value="" dateTime={tx.metadata.minedAt}>
          {day}
        </time>
      </span>
    </div>
  )
}
