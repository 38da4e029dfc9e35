import { useCallback, useEffect, useMemo } from 'react'
import { useConnectors } from 'wagmi'
import type { WalletItem } from '../../src/wallets/types'
import type { ModalParts } from '../context/LatchkeyContext'
import { useLatchkeyContext } from '../context/useLatchkeyContext'

/** What {@link useWallets} returns. */
export interface UseWalletsReturnType {
  /** Wallet rows in connector type order, deduplicated by rdns; empty until the modal chunk loaded. */
  wallets: WalletItem[]
  /** Shows the wallet's connecting view (which asks the wallet), or opens a custom wallet's link. */
  connect(wallet: WalletItem): void
}

const none: WalletItem[] = []

type Connectors = ReturnType<typeof useConnectors>

// The last list built, kept across mounts: reopening AllWallets with a thousand custom wallets
// does not group them again. Keyed by the options and connectors (by identity) and the recent
// wallets (by value: storage parses a new array on each read).
let last:
  | { options: unknown; connectors: Connectors; recent: string; wallets: WalletItem[] }
  | undefined

function walletList(parts: ModalParts, connectors: Connectors): WalletItem[] {
  const recent = parts.storage.get('recentWallets') ?? []
  const key = JSON.stringify(recent)
  if (last?.options === parts.options && last.connectors === connectors && last.recent === key)
    return last.wallets
  const wallets = parts.chunk.getWalletList({ connectors, recent, options: parts.options })
  last = { options: parts.options, connectors, recent: key, wallets }
  return wallets
}

/**
 * The wallets the visitor can connect, grouped like the Connect view. The list is built by the
 * modal's lazy chunk (options, recent wallets): used outside the modal, the hook loads that chunk
 * and returns an empty list until it is there.
 */
export function useWallets(): UseWalletsReturnType {
  const { parts, loadParts, modal, router, openModal } = useLatchkeyContext()
  const connectors = useConnectors()
  useEffect(() => {
    if (!parts) loadParts().catch(() => {})
  }, [parts, loadParts])
  const wallets = useMemo(() => (parts ? walletList(parts, connectors) : none), [connectors, parts])
  const connect = useCallback(
    (wallet: WalletItem) => {
      // WalletConnect, or a wallet reached through it by QR code and deep link
      const viaWalletConnect =
        wallet.group === 'walletConnect' ||
        (!wallet.connectorUid &&
          wallet.links !== undefined &&
          connectors.some((c) => c.type === 'walletConnect'))
      if (viaWalletConnect) {
        const entry = { wallet }
        if (modal.getState().open) router.push('ConnectingWalletConnect', entry)
        else openModal({ view: 'ConnectingWalletConnect', data: entry })
        return
      }
      if (!wallet.connectorUid) {
        // opened synchronously inside the click: browsers block later popups
        if (wallet.link) globalThis.open?.(wallet.link, '_blank', 'noopener,noreferrer')
        return
      }
      const data = { wallet }
      if (modal.getState().open) router.push('ConnectingExternal', data)
      else openModal({ view: 'ConnectingExternal', data })
    },
    [connectors, modal, router, openModal],
  )
  return { wallets, connect }
}
