import { MailIcon } from './embeddedIcons'
import { useEmbeddedEmail } from './useEmbeddedEmail'

/** The login email under the address, for an embedded wallet account (nothing for other wallets). */
export function AccountEmail() {
  const email = useEmbeddedEmail()
  if (!email) return null
  return (
    <span data-lk-account-email="" data-testid="account-email">
      <MailIcon size={14} />
      <span>{email}</span>
    </span>
  )
}
