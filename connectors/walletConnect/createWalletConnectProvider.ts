import { numberToHex } from 'viem'
import { RelayUnreachableError } from '../../src/errors/RelayUnreachableError'
import { WalletConnectSessionNotFoundError } from '../../src/errors/WalletConnectSessionNotFoundError'
import { raceDeadline } from '../../src/utils/raceDeadline'
import { isSessionGone } from './classifyWalletConnectError'
import { createSessionCloser } from './createSessionCloser'
import { eip155Namespace } from './eip155Namespace'
import type { SolanaNamespace } from './solana/solanaNamespace'
import type { UniversalProviderInstance } from './universalProviderInstance'
import { type OrphanedRequest, watchOrphanedRequests } from './watchOrphanedRequests'
import { withRequestDeadline } from './withRequestDeadline'

/** The events {@link WalletConnectProvider} emits (EIP-1193 names, plus the pairing URI). */
export interface WalletConnectProviderEvents {
  /** A fresh pairing URI to show as a QR code. */
  display_uri(uri: string): void
  /** The wallet's accounts on the current chain (checksummed or not, as the wallet sent them). */
  accountsChanged(accounts: string[]): void
  /** The current chain, as a hex string. */
  chainChanged(chainId: string): void
  /** The session ended (deleted by either side, or expired). */
  disconnect(error: { code: number; message: string }): void
}

type EventName = keyof WalletConnectProviderEvents

/**
 * EIP-1193 provider over one WalletConnect session, built on universal-provider's `eip155` part.
 * `request` goes through universal-provider, which keeps the current chain, answers
 * `eth_accounts`/`eth_chainId` locally, switches between approved chains without a round trip,
 * sends wallet methods to the wallet and everything else to the chain's `rpcMap` URL.
 */
export interface WalletConnectProvider {
  /** The SDK underneath; its sign client is `universal.client`. */
  readonly universal: UniversalProviderInstance
  /** The live session, if any (restored from the SDK's storage on start). */
  readonly session: UniversalProviderInstance['session']
  /** The current chain id; the first configured chain while there is no session. */
  readonly chainId: number
  /** The session's accounts on the current chain; empty without a session. */
  readonly accounts: string[]
  /** EIP-1193 `request`. */
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on<E extends EventName>(event: E, listener: WalletConnectProviderEvents[E]): void
  removeListener<E extends EventName>(event: E, listener: WalletConnectProviderEvents[E]): void
  /**
   * Proposes a session for `chainIds` and waits for the wallet to approve it; `display_uri` is
   * emitted once the relay took the proposal. Rejects with `RelayUnreachableError` when that does
   * not happen within `timeout` ms. With `solana`, the same proposal also asks for Solana (both
   * optional: one QR, one session, for the wallets that have both).
   */
  pair(parameters: {
    chainIds: readonly number[]
    timeout: number
    solana?: SolanaNamespace | undefined
  }): Promise<void>
  /**
   * Ends the session on both sides (no-op without one). Calls while one is ending share it; a
   * session the wallet is already deleting is waited for, never deleted a second time.
   */
  disconnect(): Promise<void>
  /**
   * The requests a previous load of this page sent and the wallet had not answered (plan D7):
   * nothing here can receive their answers. Returned once; later calls return `[]`.
   */
  takeOrphanedRequests(): OrphanedRequest[]
}

/**
 * Wraps a started universal-provider as the EIP-1193 provider the connector hands to wagmi.
 * `chains` are the configured chain ids (the first is the chain without a session).
 */
export function createWalletConnectProvider({
  universal,
  chains,
  rpcMap,
  relayUrl,
  requestTimeoutMs = 300_000,
  onWarn = (message) => console.warn(message),
}: {
  universal: UniversalProviderInstance
  chains: readonly [number, ...number[]]
  rpcMap: Record<number, string>
  relayUrl: string
  /** How long a request waits for its answer before `WalletConnectRequestExpiredError`. */
  requestTimeoutMs?: number | undefined
  /** Where a session found gone, or a late answer dropped, is reported (once each). @default console.warn */
  onWarn?: ((message: string) => void) | undefined
}): WalletConnectProvider {
  const listeners = new Map<EventName, Set<(...args: never[]) => void>>()
  const emit = <E extends EventName>(
    event: E,
    ...args: Parameters<WalletConnectProviderEvents[E]>
  ) => {
    for (const listener of [...(listeners.get(event) ?? [])])
      (listener as (...values: unknown[]) => void)(...args)
  }
  // The sub-provider outlives a deleted session in universal-provider: read it only with one.
  const eip155 = () => (universal.session ? universal.rpcProviders.eip155 : undefined)
  const currentChainId = () => Number(eip155()?.getDefaultChain() ?? chains[0])

  // Events are idempotent: a wallet (or a relay delivering twice) repeating the chain or the
  // accounts the dapp already has changes nothing, so listeners see each change once.
  let lastChainId: number | undefined
  let lastAccounts: string | undefined
  const accountsKey = (accounts: readonly string[]) =>
    accounts.map((address) => address.toLowerCase()).join()
  const remember = () => {
    lastChainId = universal.session ? currentChainId() : undefined
    lastAccounts = universal.session ? accountsKey(eip155()?.requestAccounts() ?? []) : undefined
  }

  universal.on('display_uri', (uri: string) => emit('display_uri', uri))
  universal.on('accountsChanged', (accounts: string[]) => {
    const key = accountsKey(accounts)
    if (key === lastAccounts) return
    lastAccounts = key
    emit('accountsChanged', accounts)
  })
  // universal-provider emits the bare reference ("56") for both a wallet-side change and a local
  // switch between approved chains.
  universal.on('chainChanged', (chainId: string) => {
    const id = Number(chainId)
    if (!Number.isSafeInteger(id) || id === lastChainId) return
    lastChainId = id
    emit('chainChanged', numberToHex(id))
  })
  universal.on('session_delete', () => {
    lastChainId = undefined
    lastAccounts = undefined
    emit('disconnect', { code: 6000, message: 'The WalletConnect session ended.' })
  })
  // A session restored from storage: what the dapp starts from, and what it had asked before.
  remember()
  let orphans = universal.session
    ? watchOrphanedRequests({ universal, topic: universal.session.topic, onNote: onWarn })
    : []
  const closeSession = createSessionCloser(universal)

  // A phone kills the socket of a page in the background; core 2.21.8 then retries only on its
  // 5 s heartbeat, and not while the page is hidden. Back in view, restart it at once, so the
  // answers the relay kept for this page arrive now (plan row D10).
  const page = (globalThis as { document?: Pick<Document, 'addEventListener' | 'visibilityState'> })
    .document
  // Also after core closed it itself (a socket error makes core give up until the next `online`).
  const relayer = universal.client.core.relayer
  const reopen = () => {
    if (!universal.session || relayer.connected || relayer.connecting) return
    relayer.transportOpen().catch(() => {})
  }
  page?.addEventListener?.('visibilitychange', () => {
    if (page.visibilityState === 'visible') reopen()
  })
  // Core reconnects 0.1 s after a drop, but a drop that lands while it resubscribes leaves the
  // socket shut until core's next 5 s heartbeat: look again a second after each drop (row D1).
  let recheck: ReturnType<typeof setTimeout> | undefined
  relayer.on('relayer_disconnect', () => {
    clearTimeout(recheck)
    recheck = setTimeout(() => {
      if (relayer.transportExplicitlyClosed) return
      if (page && page.visibilityState !== 'visible') return
      reopen()
    }, reconnectCheckMs)
  })

  // The SDK no longer has the session a request named (expired in its store, or deleted by the
  // wallet while this page was away): reported once, then the connector is told it ended.
  const reported = new Set<string>()
  const sessionGone = (topic: string, error: unknown) => {
    if (reported.has(topic)) return
    reported.add(topic)
    onWarn(
      `[latchkey] WalletConnect session ${topic.slice(0, 8)}… no longer exists (${(error as Error).message}); disconnecting.`,
    )
    if (universal.session?.topic !== topic) return
    universal.session = undefined
    lastChainId = undefined
    lastAccounts = undefined
    emit('disconnect', { code: 6000, message: 'The WalletConnect session ended.' })
  }

  return {
    universal,
    get session() {
      return universal.session
    },
    get chainId() {
      return currentChainId()
    },
    get accounts() {
      return eip155()?.requestAccounts() ?? []
    },

    async request({ method, params }) {
      // EIP-1193 wants a hex string; universal-provider answers a number.
      if (method === 'eth_chainId') return numberToHex(currentChainId())
      const chain = `eip155:${currentChainId()}`
      const session = universal.session
      // A wallet may name a bundler in its session properties; universal-provider would then
      // fetch call status from rpc.walletconnect.org. Ask the wallet itself instead.
      const sending =
        method === 'wallet_getCallsStatus' && session?.sessionProperties?.bundler_name
          ? universal.client.request({
              topic: session.topic,
              chainId: chain,
              request: { method, params },
            })
          : universal.request({ method, params: params as never }, chain)
      try {
        return await withRequestDeadline(sending, method, requestTimeoutMs)
      } catch (error) {
        if (!session || !isSessionGone(error)) throw error
        sessionGone(session.topic, error)
        throw new WalletConnectSessionNotFoundError({ method, topic: session.topic, cause: error })
      }
    },

    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (...args: never[]) => void)
      listeners.set(event, set)
    },

    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (...args: never[]) => void)
    },

    async pair({ chainIds, timeout, solana }) {
      let onUri = () => {}
      const shown = new Promise<void>((resolve) => {
        onUri = resolve
      })
      universal.on('display_uri', onUri)
      // The proposal is published before `display_uri`: no URI in time means the relay never took
      // it. Core would keep retrying (5 attempts, 15 s each for a socket that never opens).
      const unreachable = () => {
        // Drop the unpublished pairing, so core has no topic left to reconnect for.
        universal
          .cleanupPendingPairings({ deletePairings: true })
          .then(() => universal.client.core.relayer.transportClose())
          .catch(() => {})
        return new RelayUnreachableError({ relayUrl, timeout })
      }
      try {
        const connecting = universal.connect({
          optionalNamespaces: {
            eip155: eip155Namespace({ chainIds, rpcMap }),
            ...(solana && solana.chains.length > 0 ? { solana } : {}),
          },
        })
        // Settles later (or never) once given up on: never as an unhandled rejection.
        connecting.catch(() => {})
        // The deadline holds until the URI shows (or the connect ends first); the wallet's
        // answer after that may take as long as the visitor needs.
        await raceDeadline(Promise.race([shown, connecting]), timeout, unreachable)
        await connecting
        remember()
      } finally {
        universal.removeListener('display_uri', onUri)
      }
    },

    async disconnect() {
      const session = universal.session
      if (!session) return
      try {
        await closeSession()
      } catch (error) {
        // Gone from the sign client already (expired, deleted while offline): drop it here too,
        // or the next connect would take the stale session for a live one.
        if (!universal.client.session.keys.includes(session.topic)) universal.session = undefined
        throw error
      }
    },

    takeOrphanedRequests() {
      const taken = orphans
      orphans = []
      return taken
    },
  }
}

// How long after a socket drop the provider checks that core reconnected.
const reconnectCheckMs = 1_000
