import { useEffect, useRef, useState } from 'react'
import { useConfig, useConnectors } from 'wagmi'
import { ConnectionFailedError } from '../../src/errors/ConnectionFailedError'
import type { ConnectState } from '../../src/machines/connect'
import { addRecentWallet } from '../../src/storage/addRecentWallet'
import { createConnectStore } from '../../src/stores/createConnectStore'
import type { WalletItem } from '../../src/wallets/types'
import { useModalParts } from '../context/useModalParts'
import { useStoreState } from '../context/useStoreState'
import { connectWithDeadline } from './connectWithDeadline'
import { useTrack } from './useTrack'

/** Parameters of {@link useConnectWallet}. */
export interface UseConnectWalletParameters {
  /** Runs once the wallet connected while the view showed the flow. */
  onSuccess?: (() => void) | undefined
}

/** What {@link useConnectWallet} returns: the connect machine's state plus its actions. */
export interface UseConnectWalletReturnType extends ConnectState {
  /** Whether the wallet has a wagmi connector (false: not installed). */
  available: boolean
  /** Asks the wallet again after a failure. */
  retry(): void
}

const select = (state: ConnectState) => state

/**
 * Connects one wallet row through the connect machine (`createConnectStore`): the wallet is asked
 * once while the view shows (StrictMode's second mount joins the pending request instead of
 * getting -32002), only the latest attempt counts, retry asks again; within `connectTimeoutMs`
 * with typed errors ({@link connectWithDeadline}); a success is remembered as a recent wallet.
 * Calls the `connect` action rather than wagmi's `useConnect` (a mutation hook), which would pull
 * wagmi's and TanStack Query's mutation code into the app's first bundle.
 */
export function useConnectWallet(
  wallet: WalletItem | undefined,
  parameters: UseConnectWalletParameters = {},
): UseConnectWalletReturnType {
  const { storage, options } = useModalParts()
  const config = useConfig()
  const connector = useConnectors().find(
    (c) => wallet?.connectorUid !== undefined && c.uid === wallet.connectorUid,
  )
  // The effects below read the latest render's values; the machine itself never changes.
  const latest = useRef({ config, connector, wallet, storage, options, parameters })
  latest.current = { config, connector, wallet, storage, options, parameters }
  const [store] = useState(() =>
    createConnectStore({
      connect() {
        const { config, connector, wallet, options } = latest.current
        // the flow is shown only with a connector: a missing one means it was removed since
        if (!connector)
          return Promise.reject(new ConnectionFailedError({ connector: wallet?.name }))
        return connectWithDeadline(config, { connector, timeoutMs: options.connectTimeoutMs })
      },
      onConnected() {
        const { connector, wallet, storage, parameters } = latest.current
        if (connector && wallet)
          addRecentWallet(storage, {
            id: connector.id,
            name: wallet.name,
            ...(wallet.icon ? { icon: wallet.icon } : {}),
            ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
          })
        parameters.onSuccess?.()
      },
    }),
  )
  const available = connector !== undefined
  useEffect(() => {
    if (!available) return
    store.show()
    return store.hide
  }, [store, available])

  const state = useStoreState(store, select)
  // SPEC §7: a failed attempt is reported once (StrictMode's second effect run included)
  const track = useTrack()
  const reported = useRef(0)
  useEffect(() => {
    if (state.status !== 'failed' || reported.current === state.attempt) return
    reported.current = state.attempt
    track({
      event: 'CONNECT_ERROR',
      properties: {
        name: latest.current.wallet?.name,
        failure: state.failure,
        error: state.error?.name,
      },
    })
  }, [state.status, state.attempt, state.failure, state.error, track])
  return { ...state, available, retry: store.retry }
}
