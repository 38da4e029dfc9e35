import { useState } from 'react'
import { parseErrorMessage } from '../../../src/utils/parseErrorMessage'
import { useModalParts } from '../../context/useModalParts'
import { ActionRow } from '../ActionRow'
import { LinkIcon } from './embeddedIcons'
import { tSecurity } from './tSecurity'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/**
 * Account action of an embedded wallet account: opens the frame's "Ways to sign in" screen
 * (issue 14), where the visitor links an email, a provider or Farcaster to this wallet, or
 * removes one (never the last). It all happens in the wallet's frame, which the modal shows as
 * for an approval; the modal never sees a token, a code or a provider's result.
 */
export function AccountLogins() {
  const wallet = useEmbeddedWallet()
  const { toast } = useModalParts()
  const [busy, setBusy] = useState(false)
  if (!wallet) return null
  const open = () => {
    setBusy(true)
    wallet.api.openLogins().then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false)
        if ((error as { code?: unknown }).code === 4001) return
        toast.show('error', tSecurity('logins.failed', { message: parseErrorMessage(error) }))
      },
    )
  }
  return (
    <ActionRow
      icon={<LinkIcon />}
      label={tSecurity('logins.action')}
      testId="account-logins"
      busy={busy}
      opensView
      onClick={open}
    />
  )
}
