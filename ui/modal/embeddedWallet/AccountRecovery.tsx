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
// The frame's answer on its way: Account mounted again (back from the frame's screen) waits for it.
const pending = new Map<string, Promise<Recovery>>()

type Wallet = NonNullable<ReturnType<typeof useEmbeddedWallet>>

function ask(wallet: Wallet, address: string, show: boolean): Promise<Recovery> {
  const running = wallet.api.setupRecovery({ ask: show }).then(({ recovery }) => {
    known.set(address, recovery)
    return recovery
  })
  pending.set(address, running)
  const clear = () => {
    if (pending.get(address) === running) pending.delete(address)
  }
  running.then(clear, clear)
  return running
}

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
    const show = !offered.has(address)
    offered.add(address)
    ;(pending.get(address) ?? ask(wallet, address, show)).then(
      (state) => {
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
    ask(wallet, address, true).then(
      (state) => {
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
