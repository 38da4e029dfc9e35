import { useEmailLogin } from '../../hooks/useEmailLogin'
import { t } from '../../locales/t'
import { OtpStep } from '../embeddedWallet/OtpStep'
import { useEmbeddedEmail } from '../embeddedWallet/useEmbeddedEmail'

/** Email change, second step: the code mailed to the current address. */
export function UpdateEmailPrimaryOtp() {
  const { state, message, submitOtp } = useEmailLogin()
  const current = useEmbeddedEmail()
  return (
    <OtpStep
      hint={t('email.updatePrimaryHint')}
      email={current}
      submitting={state.status === 'submittingPrimaryOtp'}
      error={message}
      onComplete={submitOtp}
    />
  )
}
