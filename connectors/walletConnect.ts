/**
 * WalletConnect as a wagmi connector, on `@walletconnect/universal-provider` 2.21.8 (an optional
 * peer, loaded with `import()` only when needed).
 *
 * Why universal-provider and not `@walletconnect/ethereum-provider` (the usual choice, and what
 * wagmi's own connector wraps)? ethereum-provider 2.21.8 is a thin EIP-1193 layer over
 * universal-provider, but it hard-depends on `@reown/appkit` 1.7.8 for a QR modal we never open
 * (Latchkey draws the QR itself). That one dependency cost every user: +207 packages and +366 MB
 * installed, a React 18 peer warning, nested `@walletconnect/core@2.21.0` copies (ethereum-
 * provider's own `overrides` never reach a user's install), and bundlers emitting AppKit's ~90
 * chunks into every build, even one that never calls `walletConnect()`. universal-provider has
 * no AppKit in its tree. The part of ethereum-provider we used (the `eip155` namespace of the
 * proposal, request routing per chain, accounts and chain events) is a small file of ours,
 * `walletConnect/createWalletConnectProvider.ts`, over universal-provider's `eip155` provider.
 *
 * Why not wrap wagmi's own `walletConnect` connector (DESIGN: "wrap it if it fits")? We follow its
 * shape closely (createConnector, lazy import, `display_uri` as a `message` event, switch with an
 * add-chain fallback) but it does not fit in five places we cannot reach from outside it:
 * - it is built on ethereum-provider, so AppKit comes with it (above);
 * - its `setup()` and `isAuthorized()` load the SDK on every page load (wagmi calls both at
 *   start), so WalletConnect's JS would no longer be "loaded only on demand";
 * - it builds `rpcMap` from the transports and drops the host's own `rpcMap`, and a chain whose
 *   transport has no URL sends reads to a public RPC;
 * - it needs no relay choice, so a missing option silently means WalletConnect's cloud, and an
 *   unreachable relay leaves `connect()` pending for ever;
 * - it throws plain `Error`s, keeps the QR modal (`@reown/appkit`) on by default, and a stale or
 *   unknown session leaks "No matching key" rejections.
 * Here: the SDK loads in `connect()`, or on start only when a session of ours is stored (a small
 * flag in wagmi's storage); `relayUrl` is required; a relay that does not take the pairing within
 * `relayTimeoutMs` (10 s) fails `connect()` with `RelayUnreachableError` naming it.
 *
 * No WalletConnect cloud service is called unless the host asks for it: the relay is the host's,
 * every chain gets an `rpcMap` URL (never rpc.walletconnect.org), the provider ping is skipped,
 * telemetry (pulse.walletconnect.org) and Verify (verify.walletconnect.org) are off by default.
 *
 * This file is the shell `createConfig` runs on every page load, so it stays small and holds no
 * zod: everything else (flag parsing, SDK start, pairing, switching) is in
 * `walletConnect/createWalletConnectSession.ts`, loaded with `import()` when first needed.
 */
import { getAddress } from 'viem'
import { createConnector } from 'wagmi'
import { createLoader, type Loader } from '../src/utils/createLoader'
import type { LinkedSolanaWallet, LinkedSolanaWalletContext } from './solana/linkedSolanaWallet'
import type { WalletConnectProvider } from './walletConnect/createWalletConnectProvider'
import type { WalletConnectSession } from './walletConnect/createWalletConnectSession'
import type { WalletConnectDisplayUriMessage } from './walletConnect/isDisplayUriMessage'
import type { WalletConnectRequestExpiredMessage } from './walletConnect/isRequestExpiredMessage'
import { resolveRelay } from './walletConnect/resolveRelay'
import type {
  WalletConnectParameters,
  WalletConnectStorageItem,
} from './walletConnect/walletConnectTypes'

export {
  isDisplayUriMessage,
  type WalletConnectDisplayUriMessage,
} from './walletConnect/isDisplayUriMessage'
export {
  isRequestExpiredMessage,
  type WalletConnectRequestExpiredMessage,
} from './walletConnect/isRequestExpiredMessage'
export { walletConnectCloudRelayUrl } from './walletConnect/resolveRelay'
export type {
  WalletConnectMetadata,
  WalletConnectParameters,
} from './walletConnect/walletConnectTypes'

type Properties = {
  onDisplayUri(uri: string): void
  /** WalletConnect's `solana` namespace, for the Solana adapter (`solana.linkConnectors`). */
  solanaWallet: LinkedSolanaWallet
}

/**
 * WalletConnect connector for wagmi: pairing URI as a `display_uri` message, sessions restored on
 * reload (a request the old page left unanswered comes as a `request_expired` message),
 * disconnect from either side.
 * @example
 * createConfig({ chains: [mainnet], connectors: [walletConnect({ relayUrl: 'wss://relay.example.com' })], transports })
 */
export function walletConnect(parameters: WalletConnectParameters) {
  const relay = resolveRelay(parameters)
  // One session per connector, made by the first config that needs it.
  let sessions: Loader<WalletConnectSession> | undefined

  return createConnector<WalletConnectProvider | undefined, Properties, WalletConnectStorageItem>(
    (config) => {
      let solanaContext: LinkedSolanaWalletContext | undefined
      const loadSession = (): Promise<WalletConnectSession> => {
        sessions ??= createLoader(() =>
          import('./walletConnect/createWalletConnectSession').then((module) =>
            module.createWalletConnectSession({
              config,
              parameters,
              relay,
              solanaContext: () => solanaContext,
            }),
          ),
        )
        return sessions.load()
      }
      // Presence only (no zod here): every first visit stores nothing and loads nothing. The
      // session module parses a present flag and removes one that is not ours or has expired.
      const hasFlag = async () => {
        const raw: unknown = await config.storage?.getItem('walletConnect.session')
        return raw !== null && raw !== undefined
      }

      return {
        id: 'walletConnect',
        name: 'WalletConnect',
        type: walletConnect.type,
        // Its pairing URI comes as a `solana_display_uri` message (the EVM one's is `display_uri`).
        solanaWallet: {
          name: 'WalletConnect',
          connector: walletConnect.type,
          link(context) {
            solanaContext = context
          },
          load: () => loadSession().then((session) => session.loadSolanaWallet()),
        },

        // Nothing here: wagmi calls setup() on every page load and the SDK must stay unloaded.
        async setup() {},

        async connect({ chainId, isReconnecting, withCapabilities } = {}) {
          const { accounts, chainId: currentChainId } = await (await loadSession()).connect(
            {
              onDisplayUri: this.onDisplayUri.bind(this),
              onAccountsChanged: this.onAccountsChanged.bind(this),
              onChainChanged: this.onChainChanged.bind(this),
              onDisconnect: () => this.onDisconnect(),
              onRequestExpired: (data) => {
                const message: WalletConnectRequestExpiredMessage = {
                  type: 'request_expired',
                  data,
                }
                config.emitter.emit('message', message)
              },
            },
            { chainId, isReconnecting },
          )
          return {
            accounts: (withCapabilities
              ? accounts.map((address) => ({ address, capabilities: {} }))
              : accounts) as never,
            chainId: currentChainId,
          }
        },

        async disconnect() {
          // Nothing loaded: no provider, so no session of this page to end; drop a stale flag.
          const session = sessions?.value
          if (session) await session.disconnect()
          else await config.storage?.removeItem('walletConnect.session')
        },

        async getAccounts() {
          return sessions?.value?.getAccounts() ?? []
        },

        async getChainId() {
          return (await loadSession()).getChainId()
        },

        // Undefined (wagmi then skips the connector) until connect() or a stored session needs it.
        async getProvider() {
          if (!sessions?.started && !(await hasFlag())) return undefined
          return (await loadSession()).getProvider()
        },

        async isAuthorized() {
          try {
            if (!sessions?.value && !(await hasFlag())) return false
            return (await loadSession()).isAuthorized()
          } catch {
            return false
          }
        },

        async switchChain(parameters) {
          return (await loadSession()).switchChain(parameters)
        },

        onAccountsChanged(accounts) {
          if (accounts.length === 0) this.onDisconnect()
          else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
        },

        onChainChanged(chain) {
          config.emitter.emit('change', { chainId: Number(chain) })
        },

        // The session ended on the wallet's side (session_delete) or the provider dropped it.
        onDisconnect() {
          sessions?.value?.unlisten()
          config.emitter.emit('disconnect')
          Promise.resolve(config.storage?.removeItem('walletConnect.session')).catch(() => {})
        },

        onDisplayUri(uri: string) {
          const message: WalletConnectDisplayUriMessage = { type: 'display_uri', data: uri }
          config.emitter.emit('message', message)
        },
      }
    },
  )
}

walletConnect.type = 'walletConnect' as const
