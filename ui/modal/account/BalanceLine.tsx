import { t } from '../../locales/t'
import type { NativeBalance } from '../../useNativeBalance'
import { RetryIcon } from '../icons'

/** The Account header's balance: the amount, or '—' with a retry while it is unknown (never 0). */
export function BalanceLine({ balance }: { balance: NativeBalance }) {
  const text = (
    <span
      data-lk-account-balance=""
      data-testid="account-balance"
      data-loading={balance.isLoading || undefined}
      data-state={balance.isError ? 'unknown' : undefined}
      title={balance.isError ? t('account.balanceUnavailable') : undefined}
    >
      {balance.formatted}
    </span>
  )
  if (!balance.isError) return text
  return (
    <div data-lk-account-line="">
      {text}
      <button
        type="button"
        data-lk-icon-button=""
        data-size="sm"
        data-testid="balance-retry"
        aria-label={t('account.balanceRetry')}
        onClick={balance.refetch}
      >
        <RetryIcon />
      </button>
    </div>
  )
}
