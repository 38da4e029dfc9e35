import { useEmailLogin } from '../../hooks/useEmailLogin'
import { t } from '../../locales/t'
import { OtpStep } from '../embeddedWallet/OtpStep'

/** Email change, last step: the code mailed to the new address; success stores the new email. */
export function UpdateEmailSecondaryOtp() {
  const { state, message, submitOtp } = useEmailLogin()
  return (
    <OtpStep
      hint={t('email.updateSecondaryHint')}
      email={state.newEmail}
      submitting={state.status === 'submittingSecondaryOtp'}
      error={message}
      onComplete={submitOtp}
    />
  )
}
