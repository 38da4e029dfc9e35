import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { ActionRow } from '../ActionRow'
import { EditIcon } from './embeddedIcons'
import { useEmbeddedEmail } from './useEmbeddedEmail'

/** Account action of an embedded wallet account: starts the email change (SPEC §4). */
export function UpdateEmailRow() {
  const { router } = useLatchkeyContext()
  const email = useEmbeddedEmail()
  if (!email) return null
  return (
    <ActionRow
      icon={<EditIcon />}
      label={t('email.updateAction')}
      testId="update-email"
      onClick={() => router.push('UpdateEmail')}
    />
  )
}
