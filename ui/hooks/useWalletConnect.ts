import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useConfig, useConnectors } from 'wagmi'
import { connect } from 'wagmi/actions'
import { isDisplayUriMessage } from '../../connectors/walletConnect/isDisplayUriMessage'
import { ConnectionFailedError } from '../../src/errors/ConnectionFailedError'
import type { PairingState } from '../../src/machines/walletConnectPairing'
import { addRecentWallet } from '../../src/storage/addRecentWallet'
import { createWalletConnectPairingStore } from '../../src/stores/createWalletConnectPairingStore'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import { buildWalletLink, isAllowedWalletLink } from '../../src/walletConnect/buildWalletLink'
import { detectPlatform, type WcPlatform } from '../../src/walletConnect/detectPlatform'
import type { WalletItem } from '../../src/wallets/types'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useStoreState } from '../context/useStoreState'
import { useConnection } from '../useConnection'
import { useConnectionEffect } from '../wagmiCompat'

/** Connection status as the WalletConnect views show it (SPEC §3): wagmi's, while no pairing runs. */
export type WcStatus = 'disconnected' | 'connecting' | 'connected'

/** Parameters of {@link useWalletConnect}. */
export interface UseWalletConnectParameters {
  /** The wallet the visitor picked (its image, name and links); the plain WalletConnect row when absent. */
  wallet?: WalletItem | undefined
  /** Ask for a pairing URI as soon as the hook mounts. @default true */
  enabled?: boolean | undefined
  /** Called once the session is approved. */
  onConnected?: (() => void) | undefined
}

/** What {@link useWalletConnect} returns. */
export interface UseWalletConnectReturnType {
  /** Whether the wagmi config has a `walletConnect()` connector. */
  available: boolean
  /** The pairing URI to show, or undefined while a fresh one is on its way (none yet, expired, rejected). */
  uri: string | undefined
  status: WcStatus
  /** Message of the last failure (a rejected proposal, a relay that cannot be reached). */
  error: string | undefined
  /** The last failure was the visitor rejecting the proposal in the wallet (a fresh URI follows). */
  rejected: boolean
  /** Where the modal runs, as far as opening wallets goes. */
  platform: WcPlatform
  /** The link that opens the picked wallet with the current URI, if the wallet has one. */
  walletLink: string | undefined
  /** Asks for a fresh pairing URI (the pending one is dropped). */
  refresh(): void
  /** Opens the wallet link; synchronous, so call it straight from the click handler. */
  openWallet(): void
}

function readPlatform(): WcPlatform {
  const telegram = (globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp
  return detectPlatform(globalThis.navigator?.userAgent ?? '', Boolean(telegram))
}

const select = (state: PairingState) => state

/**
 * Headless WalletConnect pairing: asks the `walletConnect()` connector for a URI, keeps it fresh
 * (a URI with 10 s or less left is replaced before it is shown, a rejected proposal gets a new
 * one at once), reports the status and opens wallet links. The pairing is a machine
 * (`createWalletConnectPairingStore`); whether a wallet is connected is wagmi's to say.
 * @example const { uri, status, error, refresh } = useWalletConnect()
 */
export function useWalletConnect(
  parameters: UseWalletConnectParameters = {},
): UseWalletConnectReturnType {
  const { wallet, enabled = true } = parameters
  const config = useConfig()
  const { parts } = useLatchkeyContext()
  const connector = useConnectors().find((c) => c.type === 'walletConnect')
  const connection = useConnection()
  const [platform] = useState(readPlatform)
  const storage = parts?.storage
  // The effects below read the latest render's values; the machine itself never changes.
  const latest = useRef({ config, connector, storage, parameters })
  latest.current = { config, connector, storage, parameters }
  const [pairing] = useState(() =>
    createWalletConnectPairingStore({
      connect() {
        const { config, connector } = latest.current
        // shown only with a connector (below): a missing one means it was removed since
        if (!connector)
          return Promise.reject(new ConnectionFailedError({ connector: 'WalletConnect' }))
        return connect(config, { connector })
      },
      onApproved() {
        const { connector, storage, parameters } = latest.current
        const chosen = parameters.wallet
        if (storage && connector)
          addRecentWallet(storage, {
            id: chosen?.id ?? connector.id,
            name: chosen?.name ?? connector.name,
            ...(chosen?.icon ? { icon: chosen.icon } : {}),
          })
        parameters.onConnected?.()
      },
    }),
  )
  const state = useStoreState(pairing, select)

  // The URI arrives as a connector `message`.
  useEffect(() => {
    if (!connector) return
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (isDisplayUriMessage(message)) pairing.uriReceived(message.data)
    }
    connector.emitter.on('message', onMessage)
    return () => connector.emitter.off('message', onMessage)
  }, [connector, pairing])

  // Shown while mounted with a connector: asks for the first URI (StrictMode's remount joins it).
  const available = connector !== undefined
  useEffect(() => {
    if (!available) return
    pairing.show(enabled)
    return pairing.hide
  }, [pairing, available, enabled])

  // A session ended on either side: a shown pairing asks for a fresh URI.
  useConnectionEffect({
    onDisconnect() {
      pairing.sessionEnded()
    },
  })

  const { uri } = state
  const walletLink = useMemo(() => {
    if (!wallet?.links || !uri) return undefined
    return buildWalletLink({ wallet: wallet.links, uri, platform })?.href
  }, [wallet, uri, platform])

  const openWallet = useCallback(() => {
    // No await before the navigation: in-app browsers drop links opened later than the click.
    const picked = latest.current.parameters.wallet
    if (!picked?.links || !uri) return
    const link = buildWalletLink({ wallet: picked.links, uri, platform })
    if (!link) return
    // The link without the pairing URI: the URI holds the pairing's key and is never stored.
    const base = link.href.slice(0, link.href.indexOf('wc?uri='))
    if (storage && isAllowedWalletLink(base))
      storage.set('deepLinkChoice', { href: base, name: picked.name })
    if (link.kind === 'deep' || link.kind === 'universal') globalThis.location.href = link.href
    else globalThis.open?.(link.href, '_blank', 'noopener,noreferrer')
  }, [uri, platform, storage])

  const connected =
    connection.status === 'connected' && connection.connector?.type === 'walletConnect'
  const failure = state.error ?? state.rejection
  return {
    available,
    uri,
    status: state.status === 'pairing' ? 'connecting' : connected ? 'connected' : 'disconnected',
    error: failure ? parseErrorMessage(failure) : undefined,
    // From the rejection on, beside the fresh URI, until a retry or another failure.
    rejected: state.error === undefined && state.rejection !== undefined,
    platform,
    walletLink,
    refresh: pairing.retry,
    openWallet,
  }
}
