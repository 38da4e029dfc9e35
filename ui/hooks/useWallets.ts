import { useCallback, useMemo } from 'react'
import { useConnectors } from 'wagmi'
import { getWalletList, type WalletItem } from '../../connectors/getWalletList'
import { useLatchkeyContext } from './useLatchkeyContext'

/** What {@link useWallets} returns. */
export interface UseWalletsReturnType {
  /** Wallet rows in connector type order, deduplicated by rdns. */
  wallets: WalletItem[]
  /** Shows the wallet's connecting view (which asks the wallet), or opens a custom wallet's link. */
  connect(wallet: WalletItem): void
}

/** The wallets the visitor can connect, grouped like the Connect view. */
export function useWallets(): UseWalletsReturnType {
  const { options, storage, modal, router, openModal } = useLatchkeyContext()
  const connectors = useConnectors()
  const wallets = useMemo(
    () => getWalletList({ connectors, recent: storage.get('recentWallets') ?? [], options }),
    [connectors, options, storage],
  )
  const connect = useCallback(
    (wallet: WalletItem) => {
      if (!wallet.connectorUid) {
        // opened synchronously inside the click: browsers block later popups
        if (wallet.link) globalThis.open?.(wallet.link, '_blank', 'noopener,noreferrer')
        return
      }
      const data = { wallet }
      if (modal.getState().open) router.push('ConnectingExternal', data)
      else openModal({ view: 'ConnectingExternal', data })
    },
    [modal, router, openModal],
  )
  return { wallets, connect }
}
