import { useCallback, useRef, useState } from 'react'
import { useConfig, useConnectors } from 'wagmi'
import type { WalletItem } from '../../connectors/getWalletList'
import { addRecentWallet } from '../../src/storage/addRecentWallet'
import { useModalCore } from '../context/useModalCore'
import { connectWithDeadline } from './connectWithDeadline'
import { useMountedRef } from './useMountedRef'

/** Options of a single connect call. */
export interface ConnectWalletCallbacks {
  onSuccess?: (() => void) | undefined
}

/** Where the last connect call stands (like a wagmi mutation's status). */
export type ConnectWalletStatus = 'idle' | 'pending' | 'success' | 'error'

/**
 * Connects a wallet row through wagmi, within `connectTimeoutMs` and with typed errors
 * ({@link connectWithDeadline}), and remembers it as recent on success. Calls the `connect`
 * action itself rather than wagmi's `useConnect` (a mutation hook): the hook would pull wagmi's and
 * TanStack Query's mutation code into the app's first bundle although only the modal uses it.
 */
export function useConnectWallet() {
  const { storage, options } = useModalCore()
  const config = useConfig()
  const connectors = useConnectors()
  const [state, setState] = useState<{ status: ConnectWalletStatus; error: Error | null }>({
    status: 'idle',
    error: null,
  })
  // only the latest call, while mounted, reports (as a mutation's per-call callbacks do)
  const call = useRef(0)
  const mounted = useMountedRef()

  const findConnector = useCallback(
    (wallet: WalletItem) => connectors.find((c) => c.uid === wallet.connectorUid),
    [connectors],
  )

  const reset = useCallback(() => {
    call.current += 1
    setState({ status: 'idle', error: null })
  }, [])

  const connect = useCallback(
    (wallet: WalletItem, callbacks: ConnectWalletCallbacks = {}) => {
      const connector = findConnector(wallet)
      if (!connector) return false
      const id = ++call.current
      setState({ status: 'pending', error: null })
      connectWithDeadline(config, { connector, timeoutMs: options.connectTimeoutMs }).then(
        () => {
          if (id !== call.current || !mounted.current) return
          setState({ status: 'success', error: null })
          addRecentWallet(storage, {
            id: connector.id,
            name: wallet.name,
            ...(wallet.icon ? { icon: wallet.icon } : {}),
            ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
          })
          callbacks.onSuccess?.()
        },
        (error: unknown) => {
          if (id !== call.current || !mounted.current) return
          setState({
            status: 'error',
            error: error instanceof Error ? error : new Error(String(error)),
          })
        },
      )
      return true
    },
    [config, findConnector, mounted, storage, options.connectTimeoutMs],
  )

  return { connect, findConnector, status: state.status, error: state.error, reset }
}
