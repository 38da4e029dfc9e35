import { type ReactNode, useId } from 'react'
import { Spinner } from '../../components/Spinner'
import { t } from '../../locales/t'
import { MailIcon } from './embeddedIcons'
import { OtpInput } from './OtpInput'

/** Props of {@link OtpStep}. */
export interface OtpStepProps {
  /** Where the code went ('Enter the 6-digit code sent to …'). */
  hint: string
  /** The email the code went to, shown in bold under the hint. */
  email: string | undefined
  submitting: boolean
  error: string | undefined
  onComplete(code: string): void
  /** The resend line, if the step offers one. */
  footer?: ReactNode
}

/** The shared layout of the one-time-code views: icon, where the code went, six boxes, status. */
export function OtpStep({ hint, email, submitting, error, onComplete, footer }: OtpStepProps) {
  const errorId = useId()
  return (
    <div data-lk-email-step="">
      <span data-lk-email-icon="" aria-hidden="true">
        <MailIcon size={28} />
      </span>
      <p data-lk-email-hint="">
        {hint}
        {email && (
          <>
            <br />
            <strong data-testid="otp-email">{email}</strong>
          </>
        )}
      </p>
      <OtpInput
        onComplete={onComplete}
        disabled={submitting}
        error={error}
        describedBy={error ? errorId : undefined}
      />
      <div data-lk-email-status="">
        {submitting ? (
          <span data-lk-email-busy="" role="status">
            <Spinner size={14} />
            {t('email.verifying')}
          </span>
        ) : error ? (
          <p id={errorId} data-lk-email-error="" data-testid="otp-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {footer}
    </div>
  )
}
