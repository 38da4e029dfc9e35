import { useEffect, useState } from 'react'
import { parseErrorMessage } from '../../../src/utils/parseErrorMessage'
import { useModalParts } from '../../context/useModalParts'
import { ActionRow } from '../ActionRow'
import { ShieldIcon } from './embeddedIcons'
import { tSecurity } from './tSecurity'
import { useEmbeddedWallet } from './useEmbeddedWallet'

type Recovery = 'none' | 'set' | 'missing'

// Per address, for this page: what the frame said, and whether its setup screen was offered
// (once: after the first login; skipped, the warning row offers it again).
const known = new Map<string, Recovery>()
const offered = new Set<string>()

/**
 * A sealed wallet's recovery password (docs/security.md): right after a login whose wallet has
 * none yet, the frame's "Protect your wallet" screen shows (the modal shows the frame for it as
 * for an approval); skipped, Account keeps a warning row "Set a recovery password" until it is
 * set. The password is typed in the frame only.
 */
export function AccountRecovery() {
  const wallet = useEmbeddedWallet()
  const { toast } = useModalParts()
  const address = wallet?.api.user?.address.toLowerCase()
  const [recovery, setRecovery] = useState(address ? known.get(address) : undefined)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!wallet || !address) return
    const cached = known.get(address)
    if (cached === 'set' || cached === 'none') return setRecovery(cached)
    let live = true
    const ask = !offered.has(address)
    offered.add(address)
    wallet.api.setupRecovery({ ask }).then(
      ({ recovery: state }) => {
        known.set(address, state)
        if (live) setRecovery(state)
      },
      // A frame without it (an older server) or a failed check: no row, the first approval asks.
      () => {},
    )
    return () => {
      live = false
    }
  }, [wallet, address])

  if (!wallet || !address || recovery !== 'missing') return null
  const open = () => {
    setBusy(true)
    wallet.api.setupRecovery({ ask: true }).then(
      ({ recovery: state }) => {
        known.set(address, state)
        setBusy(false)
        setRecovery(state)
      },
      (error: unknown) => {
        setBusy(false)
        toast.show('error', tSecurity('recovery.failed', { message: parseErrorMessage(error) }))
      },
    )
  }
  return (
    <ActionRow
      icon={<ShieldIcon />}
      label={tSecurity('recovery.action')}
      testId="account-recovery"
      tone="warning"
      busy={busy}
      opensView
      onClick={open}
    />
  )
}
