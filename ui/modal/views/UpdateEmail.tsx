import { useEffect } from 'react'
import { useEmailLogin } from '../../hooks/useEmailLogin'
import { t } from '../../locales/t'
import { EmailField } from '../embeddedWallet/EmailField'

/** Email change, first step: the new address (SPEC §4 "Email change"). */
export function UpdateEmail() {
  const { state, message, submitNewEmail, reset } = useEmailLogin()

  // A change starts from idle (not from a finished login or a failed change).
  useEffect(() => {
    reset()
  }, [reset])

  return (
    <div data-lk-email-step="" data-align="start">
      <p data-lk-email-hint="">{t('email.updateHint')}</p>
      <EmailField
        testId="update-email-input"
        label={t('email.updateLabel')}
        busy={state.status === 'submittingNewEmail'}
        message={state.status === 'error' ? message : undefined}
        onSubmit={submitNewEmail}
        autoFocus
      />
    </div>
  )
}
