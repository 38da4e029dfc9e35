import { useState } from 'react'
import { parseErrorMessage } from '../../../src/utils/parseErrorMessage'
import { useModalParts } from '../../context/useModalParts'
import { ActionRow } from '../ActionRow'
import { ShieldIcon } from './embeddedIcons'
import { tSecurity } from './tSecurity'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/**
 * Account action of an embedded wallet account: opens the frame's security screens (second
 * factors, recovery codes, export of the key). Everything happens inside the wallet's frame,
 * which the modal shows as for an approval; the modal never sees a code or a key.
 */
export function AccountSecurity() {
  const wallet = useEmbeddedWallet()
  const { toast } = useModalParts()
  const [busy, setBusy] = useState(false)
  if (!wallet) return null
  const open = () => {
    setBusy(true)
    wallet.api.openSecurity().then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false)
        // Closing a screen with Cancel is the visitor's choice, not a failure.
        if ((error as { code?: unknown }).code === 4001) return
        toast.show('error', tSecurity('security.failed', { message: parseErrorMessage(error) }))
      },
    )
  }
  return (
    <ActionRow
      icon={<ShieldIcon />}
      label={tSecurity('security.action')}
      testId="account-security"
      busy={busy}
      opensView
      onClick={open}
    />
  )
}
