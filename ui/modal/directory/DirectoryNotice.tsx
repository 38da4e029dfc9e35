import { Spinner } from '../../components/Spinner'
import { t } from '../../locales/t'
import { AlertIcon, RetryIcon } from '../icons'
import type { AllWalletsStatus } from './useAllWalletsList'

/** Props of {@link DirectoryNotice}. */
export interface DirectoryNoticeProps {
  status: AllWalletsStatus
  /** The visitor is searching (the messages say so). */
  searching: boolean
  /** Placeholder rows already show the loading: no second indicator. */
  placeholders: boolean
  onRetry(): void
}

/**
 * Under the wallet list: what the directory is doing when that is not a list of wallets. A
 * failure says the directory could not be read and offers a retry (never "No wallet found"); a
 * search in flight says so.
 */
export function DirectoryNotice({
  status,
  searching,
  placeholders,
  onRetry,
}: DirectoryNoticeProps) {
  if (status === 'failed')
    return (
      <div data-lk-directory-notice="" data-status="failed">
        <p data-lk-directory-error="" role="alert" data-testid="directory-error">
          <AlertIcon />
          {searching ? t('allWallets.searchError') : t('allWallets.directoryError')}
        </p>
        <button
          type="button"
          data-lk-button-secondary=""
          data-testid="directory-retry"
          onClick={onRetry}
        >
          <RetryIcon />
          {t('allWallets.retry')}
        </button>
      </div>
    )
  if (status === 'loading' && !placeholders)
    return (
      <div data-lk-directory-notice="" data-status="loading" data-testid="directory-loading">
        <Spinner />
        <span role="status">{searching ? t('allWallets.searching') : t('allWallets.loading')}</span>
      </div>
    )
  return null
}
