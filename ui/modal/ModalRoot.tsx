import { useState } from 'react'
import type { ModalRootProps } from '../context/LatchkeyContext'
import { Dialog } from './Dialog'
import { EmbeddedWalletScope } from './embeddedWallet/EmbeddedWalletScope'
import { useAnalyticsWatcher } from './useAnalyticsWatcher'
import { useNamespaceFollowsConnect } from './useNamespaceFollowsConnect'

/**
 * The lazily loaded modal: overlay and dialog with animated enter and exit (the shell portals it
 * into the body). A closed dialog stays mounted (`data-state="closed"`) until its exit animation
 * ends; opening it again meanwhile brings the same dialog back.
 */
export default function ModalRoot({ open, embedded }: ModalRootProps) {
  const [mounted, setMounted] = useState(open)
  useAnalyticsWatcher(open)
  useNamespaceFollowsConnect()
  if (open && !mounted) setMounted(true)
  return open || mounted ? (
    <EmbeddedWalletScope>
      <Dialog embedded={embedded} present={open} onExited={() => setMounted(false)} />
    </EmbeddedWalletScope>
  ) : null
}
