// WalletConnect's `solana` namespace as a Wallet Standard wallet, for the Solana adapter
// (`latchkey/solana`): the adapter's session, signing and sending code then treat it as any
// wallet in the page. It runs on the EVM connector's universal-provider (one core, one relay
// socket, one pairing store) but calls its sign client directly, so a Solana session of its own
// never takes the place of the EVM connector's `universal.session`. A session that already
// carries Solana accounts (the EVM connector's, when the wallet approved both namespaces of one
// QR) is used as it is, with no new pairing. Methods and params: WalletConnect's Solana RPC
// reference (transactions base64, messages and signatures base58).
import type { SessionTypes } from '@walletconnect/types'
import { NoAccountsFoundError } from '../../../src/errors/NoAccountsFoundError'
import { RelayUnreachableError } from '../../../src/errors/RelayUnreachableError'
import { WalletConnectPairingCancelledError } from '../../../src/errors/WalletConnectPairingCancelledError'
import { WalletConnectPairingReplacedError } from '../../../src/errors/WalletConnectPairingReplacedError'
import { WalletConnectSessionNotFoundError } from '../../../src/errors/WalletConnectSessionNotFoundError'
import { raceDeadline } from '../../../src/utils/raceDeadline'
import type { LinkedSolanaWalletContext } from '../../solana/linkedSolanaWallet'
import type { StandardAccount, StandardWallet } from '../../solana/walletStandardTypes'
import { isSessionGone } from '../classifyWalletConnectError'
import type { UniversalProviderInstance } from '../universalProviderInstance'
import { withRequestDeadline } from '../withRequestDeadline'
import { type SolanaChainIds, solanaAccountsOf, solanaChainIds } from './solanaNamespace'
import { createSolanaRequests } from './solanaRequests'

type ChangeListener = (properties: { accounts?: readonly StandardAccount[] }) => void

/** What the connector hands the wallet. */
export interface WalletConnectSolanaWalletParameters {
  universal: UniversalProviderInstance
  /** The adapter's clusters (from `link`). */
  context: () => LinkedSolanaWalletContext | undefined
  /** Shows a pairing URI (the connector's `solana_display_uri` message). */
  onDisplayUri(uri: string): void
  relayUrl: string
  relayTimeoutMs: number
  requestTimeoutMs: number
  name: string
  icon?: string | undefined
}

/** The wallet, and what the EVM connector tells it. */
export interface WalletConnectSolanaWallet {
  wallet: StandardWallet
  /** A session the EVM connector ended itself (sign-client emits no `session_delete` for it). */
  sessionEnded(topic: string): void
}

export function createWalletConnectSolanaWallet(
  parameters: WalletConnectSolanaWalletParameters,
): WalletConnectSolanaWallet {
  const { universal } = parameters
  const client = universal.client
  const listeners = new Set<ChangeListener>()
  let topic: string | undefined
  let ids: SolanaChainIds | undefined
  /** Ends the pairing that waits for a wallet, if one does. */
  let cancelPairing: ((error: Error) => void) | undefined

  const chainSet = () => new Set(ids?.namespace.chains ?? [])
  const live = (session: SessionTypes.Struct) => session.expiry * 1000 > Date.now()
  const sessionOf = (key: string | undefined) =>
    key ? client.session.getAll().find((session) => session.topic === key) : undefined
  const addressesOf = (session: SessionTypes.Struct | undefined) =>
    session ? solanaAccountsOf(session.namespaces, chainSet()) : []
  const toAccount = (address: string): StandardAccount => ({
    address,
    chains: [...(ids?.byChain.keys() ?? [])],
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  })
  const accounts = () => addressesOf(sessionOf(topic)).map(toAccount)
  const emit = () => {
    const current = accounts()
    for (const listener of [...listeners]) listener({ accounts: current })
  }
  const ended = (key: string) => {
    if (key !== topic) return
    topic = undefined
    emit()
  }

  client.on('session_delete', ({ topic: key }) => ended(key))
  client.on('session_expire', ({ topic: key }) => ended(key))
  client.on('session_update', ({ topic: key }) => {
    if (key === topic) emit()
  })

  /** A live session with Solana accounts on our clusters: ours, else the newest such. */
  const findSession = () =>
    sessionOf(topic) ??
    client.session
      .getAll()
      .filter((session) => live(session) && addressesOf(session).length > 0)
      .sort((a, b) => b.expiry - a.expiry)[0]

  /**
   * A new pairing (a newer one ends the one before). Cancelled while it waits, it drops its
   * proposal and pairing, and a session a wallet approves from the old QR anyway is ended.
   */
  async function pair(): Promise<SessionTypes.Struct> {
    cancelPairing?.(new WalletConnectPairingReplacedError())
    const ended = new Promise<never>((_, reject) => {
      cancelPairing = reject
    })
    ended.catch(() => {})
    const mine = cancelPairing
    const namespace = (ids as SolanaChainIds).namespace
    const connecting = client.connect({ optionalNamespaces: { solana: namespace } })
    connecting.catch(() => {})
    try {
      const { uri, approval } = await Promise.race([
        raceDeadline(
          connecting,
          parameters.relayTimeoutMs,
          () =>
            new RelayUnreachableError({
              relayUrl: parameters.relayUrl,
              timeout: parameters.relayTimeoutMs,
            }),
        ),
        ended,
      ])
      if (uri) parameters.onDisplayUri(uri)
      const approved = approval()
      approved.catch(() => {})
      const pairingTopic = uri ? new URL(uri).pathname.split('@')[0] : undefined
      return await Promise.race([approved, ended]).catch(async (error: unknown) => {
        if (
          error instanceof WalletConnectPairingCancelledError ||
          error instanceof WalletConnectPairingReplacedError
        ) {
          await drop(pairingTopic, approved)
        }
        throw error
      })
    } finally {
      if (cancelPairing === mine) cancelPairing = undefined
    }
  }

  /** Forgets a pairing the dapp no longer waits on; a session approved from it anyway is ended. */
  async function drop(pairingTopic: string | undefined, approved: Promise<SessionTypes.Struct>) {
    for (const proposal of client.proposal.getAll())
      if (proposal.pairingTopic === pairingTopic)
        await client.proposal.delete(proposal.id, { code: 6000, message: 'Cancelled.' })
    if (pairingTopic)
      await client.core.pairing.disconnect({ topic: pairingTopic }).catch(() => undefined)
    approved.then(
      (session) =>
        client
          .disconnect({ topic: session.topic, reason: { code: 6000, message: 'Cancelled.' } })
          .catch(() => undefined),
      () => undefined,
    )
  }

  const requests = createSolanaRequests({
    chainOf(chain) {
      const id = chain ? ids?.byChain.get(chain) : undefined
      const current = ids?.byChain.get(parameters.context()?.cluster().chain ?? '')
      return id ?? current ?? ids?.namespace.chains[0] ?? ''
    },
    async request(method, chainId, params) {
      const session = sessionOf(topic)
      if (!session) throw new WalletConnectSessionNotFoundError({ method })
      const sending = client.request({
        topic: session.topic,
        chainId,
        request: { method, params },
      })
      try {
        return await withRequestDeadline(sending, method, parameters.requestTimeoutMs)
      } catch (error) {
        if (!isSessionGone(error)) throw error
        ended(session.topic)
        throw new WalletConnectSessionNotFoundError({ method, topic: session.topic, cause: error })
      }
    },
  })

  const wallet: StandardWallet = {
    name: parameters.name,
    icon: parameters.icon,
    get chains() {
      return [...(ids?.byChain.keys() ?? [])]
    },
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        async connect(input) {
          const context = parameters.context()
          if (context) ids = await solanaChainIds(context)
          const found = findSession()
          if (found) topic = found.topic
          else if (input?.silent) return { accounts: [] }
          else {
            const session = await pair()
            topic = session.topic
            if (addressesOf(session).length === 0) {
              // approved without a Solana account on our clusters: nothing to keep it for
              topic = undefined
              await client
                .disconnect({
                  topic: session.topic,
                  reason: { code: 6000, message: 'No Solana account.' },
                })
                .catch(() => {})
              throw new NoAccountsFoundError()
            }
          }
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': {
        async disconnect() {
          // a pairing still waiting (the visitor went back from the QR): it ends here
          cancelPairing?.(new WalletConnectPairingCancelledError())
          const key = topic
          topic = undefined
          // the EVM connector's session carries both namespaces: it stays for the EVM side
          if (!key || key === universal.session?.topic || !sessionOf(key)) return
          await client
            .disconnect({ topic: key, reason: { code: 6000, message: 'User disconnected.' } })
            .catch(() => {})
        },
      },
      'standard:events': {
        on(_event, listener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      ...requests,
    },
  }
  return { wallet, sessionEnded: ended }
}
