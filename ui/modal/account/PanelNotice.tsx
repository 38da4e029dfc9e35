import { t } from '../../locales/t'
import { AlertIcon, RetryIcon } from '../icons'

/** Props of {@link PanelNotice}. */
export interface PanelNoticeProps {
  title: string
  hint?: string | undefined
  onRetry(): void
  testId: string
}

/** A tab's failure: what failed, in words, and a Retry button (never an empty list shown as "none"). */
export function PanelNotice({ title, hint, onRetry, testId }: PanelNoticeProps) {
  return (
    <div data-lk-panel-notice="" role="alert" data-testid={testId}>
      <p data-lk-panel-notice-title="">
        <AlertIcon size={16} />
        {title}
      </p>
      {hint && <p data-lk-empty-hint="">{hint}</p>}
      <button
        type="button"
        data-lk-panel-retry=""
        data-testid={`${testId}-retry`}
        onClick={onRetry}
      >
        <RetryIcon size={14} />
        {t('account.retry')}
      </button>
    </div>
  )
}
