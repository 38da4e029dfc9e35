import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { useConfig, useConnectors } from 'wagmi'
import { connect } from 'wagmi/actions'
import type { WalletItem } from '../../connectors/getWalletList'
import { isDisplayUriMessage } from '../../connectors/walletConnect/isDisplayUriMessage'
import { isUserRejection } from '../../src/errors/isUserRejection'
import { WalletConnectPairingReplacedError } from '../../src/errors/WalletConnectPairingReplacedError'
import { addRecentWallet } from '../../src/storage/addRecentWallet'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import { buildWalletLink, isAllowedWalletLink } from '../../src/walletconnect/buildWalletLink'
import { detectPlatform, type WcPlatform } from '../../src/walletconnect/detectPlatform'
import {
  getShowableUri,
  initialWcState,
  needsFreshUri,
  pairingExpiryMarginMs,
  type WcStatus,
  wcReducer,
} from '../../src/walletconnect/wcReducer'
import { useConnectionEffect } from '../wagmiCompat'
import { useLatchkeyContext } from './useLatchkeyContext'

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

/**
 * Headless WalletConnect pairing: asks the `walletConnect()` connector for a URI, keeps it fresh
 * (a URI with 10 s or less left is replaced before it is shown, a rejected proposal gets a new
 * one at once), reports the status and opens wallet links.
 * @example const { uri, status, error, refresh } = useWalletConnect()
 */
export function useWalletConnect(
  parameters: UseWalletConnectParameters = {},
): UseWalletConnectReturnType {
  const { wallet, enabled = true } = parameters
  const config = useConfig()
  const { core } = useLatchkeyContext()
  const connector = useConnectors().find((c) => c.type === 'walletConnect')
  const [state, dispatch] = useReducer(wcReducer, undefined, initialWcState)
  const [now, setNow] = useState(() => Date.now())
  const [halted, setHalted] = useState(false)
  // The reducer clears its error with the next URI; a rejection stays shown beside the fresh one.
  const [rejection, setRejection] = useState<string | undefined>(undefined)
  const [platform] = useState(readPlatform)
  const awaitingUri = useRef(false)
  const attempt = useRef(0)
  const latest = useRef(parameters)
  latest.current = parameters

  const storage = core?.storage
  const request = useCallback(() => {
    if (!connector) return
    const id = ++attempt.current
    awaitingUri.current = true
    setHalted(false)
    const picked = latest.current.wallet
    dispatch({
      type: 'connecting',
      wallet: picked ? { id: picked.id, name: picked.name } : undefined,
    })
    connect(config, { connector }).then(
      () => {
        if (id !== attempt.current) return
        awaitingUri.current = false
        dispatch({ type: 'connected' })
        setRejection(undefined)
        if (storage) {
          const chosen = latest.current.wallet
          addRecentWallet(storage, {
            id: chosen?.id ?? connector.id,
            name: chosen?.name ?? connector.name,
            ...(chosen?.icon ? { icon: chosen.icon } : {}),
          })
        }
        latest.current.onConnected?.()
      },
      (error: unknown) => {
        // A newer attempt (fresh URI) replaced this one: nothing to show.
        if (error instanceof WalletConnectPairingReplacedError || id !== attempt.current) return
        awaitingUri.current = false
        const message = parseErrorMessage(error)
        if (isUserRejection(error)) {
          // Rejected in the wallet: show why, with a fresh URI at once.
          dispatch({ type: 'proposalRejected', message })
          setRejection(message)
        } else {
          dispatch({ type: 'failed', message })
          setHalted(true)
        }
      },
    )
  }, [config, connector, storage])

  const refresh = useCallback(() => {
    setRejection(undefined)
    request()
  }, [request])

  // The URI arrives as a connector `message`.
  useEffect(() => {
    if (!connector) return
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (!isDisplayUriMessage(message)) return
      awaitingUri.current = false
      const received = Date.now()
      setNow(received)
      dispatch({ type: 'uriReceived', uri: message.data, now: received })
    }
    connector.emitter.on('message', onMessage)
    return () => connector.emitter.off('message', onMessage)
  }, [connector])

  // Wakes up when the shown URI reaches its 10 s margin, so it is replaced before it is shown.
  const expiry = state.wcPairingExpiry
  useEffect(() => {
    if (expiry === undefined) return
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.max(0, expiry - pairingExpiryMarginMs - Date.now() + 1),
    )
    return () => clearTimeout(timer)
  }, [expiry])

  // Asks for a URI on mount, after a rejection and once the shown one expires.
  useEffect(() => {
    if (!enabled || !connector || halted || awaitingUri.current) return
    if (state.status === 'connected' || !needsFreshUri(state, now)) return
    request()
  }, [enabled, connector, halted, state, now, request])

  // A session ended on either side: the modal shows it as disconnected.
  useConnectionEffect({
    onDisconnect() {
      dispatch({ type: 'disconnected' })
    },
  })

  const uri = getShowableUri(state, now)
  const walletLink = useMemo(() => {
    if (!wallet?.links || !uri) return undefined
    return buildWalletLink({ wallet: wallet.links, uri, platform })?.href
  }, [wallet, uri, platform])

  const openWallet = useCallback(() => {
    // No await before the navigation: in-app browsers drop links opened later than the click.
    const picked = latest.current.wallet
    if (!picked?.links || !uri) return
    const link = buildWalletLink({ wallet: picked.links, uri, platform })
    if (!link) return
    dispatch({ type: 'connecting', linking: { name: picked.name, href: link.href } })
    // The link without the pairing URI: the URI holds the pairing's key and is never stored.
    const base = link.href.slice(0, link.href.indexOf('wc?uri='))
    if (storage && isAllowedWalletLink(base))
      storage.set('deepLinkChoice', { href: base, name: picked.name })
    if (link.kind === 'deep' || link.kind === 'universal') globalThis.location.href = link.href
    else globalThis.open?.(link.href, '_blank', 'noopener,noreferrer')
  }, [uri, platform, storage])

  return {
    available: Boolean(connector),
    uri,
    status: state.status,
    error: state.wcError ?? rejection,
    // From the rejection on, not only once the fresh URI cleared the reducer's copy of it.
    rejected: rejection !== undefined && (state.wcError ?? rejection) === rejection,
    platform,
    walletLink,
    refresh,
    openWallet,
  }
}
