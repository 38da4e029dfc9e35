import { useCallback } from 'react'
import { useConnect, useConnectors } from 'wagmi'
import type { WalletItem } from '../../connectors/getWalletList'
import { addRecentWallet } from '../../src/storage/addRecentWallet'
import { useModalCore } from './useModalCore'

/** Options of a single connect call. */
export interface ConnectWalletCallbacks {
  onSuccess?: (() => void) | undefined
}

/** Connects a wallet row through wagmi and remembers it as recent on success. */
export function useConnectWallet() {
  const { storage } = useModalCore()
  const connectors = useConnectors()
  const { mutate, status, error, reset } = useConnect()

  const findConnector = useCallback(
    (wallet: WalletItem) => connectors.find((c) => c.uid === wallet.connectorUid),
    [connectors],
  )

  const connect = useCallback(
    (wallet: WalletItem, callbacks: ConnectWalletCallbacks = {}) => {
      const connector = findConnector(wallet)
      if (!connector) return false
      mutate(
        { connector },
        {
          onSuccess() {
            addRecentWallet(storage, {
              id: connector.id,
              name: wallet.name,
              ...(wallet.icon ? { icon: wallet.icon } : {}),
              ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
            })
            callbacks.onSuccess?.()
          },
        },
      )
      return true
    },
    [findConnector, mutate, storage],
  )

  return { connect, findConnector, status, error, reset }
}
