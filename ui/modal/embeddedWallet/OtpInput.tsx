import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { t } from '../../locales/t'

/** Length of a one-time code (SPEC §4: 6 digits). */
const length = 6
const empty: readonly string[] = Array.from({ length }, () => '')

/** Props of {@link OtpInput}. */
export interface OtpInputProps {
  /** Called once all six digits are in. */
  onComplete(code: string): void
  disabled?: boolean | undefined
  /** The message of a refused code: the boxes clear and the first one takes focus again. */
  error?: string | undefined
  /** Id of the element describing the boxes (the error). */
  describedBy?: string | undefined
}

/**
 * Six one-digit boxes: typing moves on, Backspace moves back, pasting or the browser's
 * one-time-code autofill spreads the code over the boxes; six digits submit.
 */
export function OtpInput({ onComplete, disabled, error, describedBy }: OtpInputProps) {
  const [digits, setDigits] = useState<readonly string[]>(empty)
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  useEffect(() => {
    if (!error) return
    setDigits(empty)
    boxes.current[0]?.focus()
  }, [error])

  const fill = (start: number, text: string) => {
    const chars = text
      .replace(/\D/g, '')
      .slice(0, length - start)
      .split('')
    if (chars.length === 0) return
    const next = [...digits]
    chars.forEach((char, offset) => {
      next[start + offset] = char
    })
    setDigits(next)
    boxes.current[Math.min(start + chars.length, length - 1)]?.focus()
    if (next.every((digit) => digit !== '')) onComplete(next.join(''))
  }

  const clear = (index: number) => {
    const next = [...digits]
    next[index] = ''
    setDigits(next)
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault()
      clear(index - 1)
      boxes.current[index - 1]?.focus()
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      boxes.current[index - 1]?.focus()
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault()
      boxes.current[index + 1]?.focus()
    }
  }

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    fill(index, event.clipboardData.getData('text'))
  }

  return (
    <fieldset
      data-lk-otp=""
      data-testid="otp-input"
      data-invalid={error ? '' : undefined}
      aria-describedby={describedBy}
    >
      <legend data-lk-sr-only="">{t('email.otpLabel')}</legend>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, not items
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          data-testid={`otp-digit-${index}`}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing this view asks for
          autoFocus={index === 0}
          aria-label={t('email.otpDigit', { n: index + 1 })}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const value = event.target.value
            if (value === '') clear(index)
            else fill(index, value.length > 1 ? value.replace(digit, '') || value : value)
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  )
}
