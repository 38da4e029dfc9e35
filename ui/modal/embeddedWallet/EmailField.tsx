import { type FormEvent, useId, useState } from 'react'
import { isEmail } from '../../../src/schemas/isEmail'
import { Spinner } from '../../components/Spinner'
import { t } from '../../locales/t'
import { ArrowIcon, MailIcon } from './embeddedIcons'

/** Props of {@link EmailField}. */
export interface EmailFieldProps {
  /** Called with a trimmed, valid email. */
  onSubmit(email: string): void
  busy: boolean
  /** A message from the flow (cooldown, alert) shown under the field. */
  message?: string | undefined
  initialValue?: string | undefined
  label: string
  /** Test id of the input; the submit button gets `{testId}-submit`, the message `{testId}-error`. */
  testId: string
  autoFocus?: boolean | undefined
}

/** An email input with an inline submit arrow, checked on submit ('Enter a valid email address'). */
export function EmailField({
  onSubmit,
  busy,
  message,
  initialValue = '',
  label,
  testId,
  autoFocus,
}: EmailFieldProps) {
  const [value, setValue] = useState(initialValue)
  const [invalid, setInvalid] = useState(false)
  const messageId = useId()
  const shown = invalid ? t('email.invalid') : message

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const email = value.trim()
    // The rule of the frame's and the server's schema (emailSchema): what passes here, they accept.
    if (!isEmail(email)) return setInvalid(true)
    setInvalid(false)
    onSubmit(email)
  }

  return (
    <form data-lk-email-form="" noValidate onSubmit={submit}>
      <div data-lk-email-field="" data-invalid={shown ? '' : undefined}>
        <MailIcon />
        <input
          type="email"
          name="email"
          data-testid={testId}
          value={value}
          placeholder={t('email.placeholder')}
          aria-label={label}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? messageId : undefined}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          readOnly={busy}
          // biome-ignore lint/a11y/noAutofocus: the field is what the view is for
          autoFocus={autoFocus}
          onChange={(event) => {
            setValue(event.target.value)
            if (invalid) setInvalid(false)
          }}
        />
        <button
          type="submit"
          data-lk-email-submit=""
          data-testid={`${testId}-submit`}
          aria-label={t('email.submit')}
          disabled={busy || value.trim() === ''}
        >
          {busy ? <Spinner /> : <ArrowIcon size={16} />}
        </button>
      </div>
      {shown && (
        <p id={messageId} data-lk-email-error="" data-testid={`${testId}-error`} role="alert">
          {shown}
        </p>
      )}
    </form>
  )
}
