import { useState } from 'react'
import { useConfig } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import { parseErrorMessage } from '../../../src/utils/parseErrorMessage'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { t } from '../../locales/t'
import { ActionRow } from '../ActionRow'
import { DisconnectIcon } from '../icons'
import { useEmbeddedEmail } from './useEmbeddedEmail'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/**
 * Account action of an embedded wallet account: ends every session of the user on the server
 * (all devices), then disconnects this page too. Nothing for other wallets.
 */
export function SignOutEverywhereRow() {
  const { closeModal } = useLatchkeyContext()
  const { toast } = useModalParts()
  const wallet = useEmbeddedWallet()
  const email = useEmbeddedEmail()
  const config = useConfig()
  const [busy, setBusy] = useState(false)
  if (!wallet || !email) return null

  const signOutEverywhere = async () => {
    setBusy(true)
    try {
      await wallet.api.signOutEverywhere()
    } catch (error) {
      setBusy(false)
      toast.show('error', parseErrorMessage(error))
      return
    }
    closeModal()
    // like a mutation's mutate: a failed disconnect is not an unhandled rejection
    await disconnect(config, { connector: wallet.connector }).catch(() => {})
  }

  return (
    <ActionRow
      icon={<DisconnectIcon />}
      label={t('account.signOutEverywhere')}
      testId="sign-out-everywhere"
      tone="danger"
      busy={busy}
      onClick={() => void signOutEverywhere()}
    />
  )
}
