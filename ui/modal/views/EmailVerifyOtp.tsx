import { useEmailLogin } from '../../hooks/useEmailLogin'
import { t } from '../../locales/t'
import { OtpStep } from '../embeddedWallet/OtpStep'

/** Email login, code step: the six digits mailed to the address; resend honours the 30 s cooldown. */
export function EmailVerifyOtp() {
  const { state, message, submitOtp, submitEmail } = useEmailLogin()
  const submitting = state.status === 'submittingOtp' || state.status === 'connecting'
  const resending = state.status === 'submittingEmail'
  return (
    <OtpStep
      hint={t('email.otpHint')}
      email={state.email}
      submitting={submitting}
      error={message}
      onComplete={submitOtp}
      footer={
        <p data-lk-email-resend="">
          {t('email.resendHint')}{' '}
          <button
            type="button"
            data-lk-link-button=""
            data-testid="otp-resend"
            disabled={submitting || resending || !state.email}
            onClick={() => state.email && submitEmail(state.email)}
          >
            {t('email.resend')}
          </button>
        </p>
      }
    />
  )
}
