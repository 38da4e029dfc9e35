import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { EditIcon } from './embeddedIcons'
import { useEmbeddedEmail } from './useEmbeddedEmail'

/** Account action of an embedded wallet account: starts the email change (SPEC §4). */
export function UpdateEmailRow() {
  const { router } = useLatchkeyContext()
  const email = useEmbeddedEmail()
  if (!email) return null
  return (
    <button
      type="button"
      data-lk-row=""
      data-size="sm"
      data-testid="update-email"
      onClick={() => router.push('UpdateEmail')}
    >
      <span data-lk-row-icon="" aria-hidden="true">
        <EditIcon />
      </span>
      <span data-lk-row-label="">{t('email.updateAction')}</span>
    </button>
  )
}
