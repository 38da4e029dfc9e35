import { Spinner } from '../../components/Spinner'
import { useEmailLogin } from '../../hooks/useEmailLogin'
import { t } from '../../locales/t'
import { MailIcon } from '../embeddedWallet/embeddedIcons'

/** Email login, new device: the frame polls until the emailed link is opened (SPEC §4). */
export function EmailVerifyDevice() {
  const { state, message, submitEmail } = useEmailLogin()
  const failed = state.status === 'error'
  return (
    <div data-lk-email-step="">
      <span data-lk-email-icon="" aria-hidden="true">
        <MailIcon size={28} />
      </span>
      <p data-lk-email-title="" data-testid="device-status">
        {t('email.deviceTitle')}
      </p>
      <p data-lk-email-hint="">
        {t('email.deviceHint')}
        {state.email && (
          <>
            <br />
            <strong>{state.email}</strong>
          </>
        )}
      </p>
      {failed ? (
        <>
          <p data-lk-email-error="" role="alert">
            {message}
          </p>
          <button
            type="button"
            data-lk-button-secondary=""
            data-testid="device-retry"
            disabled={!state.email}
            onClick={() => state.email && submitEmail(state.email)}
          >
            {t('email.retry')}
          </button>
        </>
      ) : (
        <span data-lk-email-busy="" role="status">
          <Spinner size={14} />
          {t('email.deviceWaiting')}
        </span>
      )}
    </div>
  )
}
