import { useEffect } from 'react'
import { useModalParts } from '../../context/useModalParts'
import { useEmailLogin } from '../../hooks/useEmailLogin'
import { t } from '../../locales/t'
import { EmailField } from './EmailField'
import { PasskeyButton } from './PasskeyButton'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/** Props of {@link EmailMethod}. */
export interface EmailMethodProps {
  /** Draw the 'or' separator under it (more connect methods follow). */
  separator: boolean
}

/**
 * The email connect method of the Connect view (SPEC §2 order): shown when the wagmi config has
 * an `embeddedWallet()` connector and `features.email` is on.
 */
export function EmailMethod({ separator }: EmailMethodProps) {
  const { options } = useModalParts()
  const wallet = useEmbeddedWallet()
  const { state, message, submitEmail, reset } = useEmailLogin()

  // Back on Connect (from a code view): a new login starts from idle; the cooldown stays.
  useEffect(() => {
    reset()
  }, [reset])

  if (!wallet || !options.features.email) return null
  const busy = state.status === 'submittingEmail' || state.status === 'connecting'
  const shown = state.status === 'idle' || state.status === 'error' ? message : undefined
  return (
    <div data-lk-method="email">
      <EmailField
        testId="email-input"
        label={t('email.label')}
        busy={busy}
        message={shown}
        initialValue={state.email}
        onSubmit={submitEmail}
      />
      <PasskeyButton />
      {separator && (
        <div data-lk-separator="" aria-hidden="true">
          <span>{t('email.or')}</span>
        </div>
      )}
    </div>
  )
}
