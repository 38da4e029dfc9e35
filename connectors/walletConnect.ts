/**
 * WalletConnect as a wagmi connector, on `@walletconnect/ethereum-provider` 2.21.8 (an optional
 * peer, loaded with `import()` only when needed).
 *
 * Why not wrap wagmi's own `walletConnect` connector (DESIGN: "wrap it if it fits")? We follow its
 * shape closely (createConnector, lazy import, `display_uri` as a `message` event, switch with an
 * add-chain fallback) but it does not fit in four places we cannot reach from outside it:
 * - its `setup()` and `isAuthorized()` load the SDK on every page load (wagmi calls both at
 *   start), so WalletConnect's JS would no longer be "loaded only on demand";
 * - it builds `rpcMap` from the transports and drops the host's own `rpcMap`, and a chain whose
 *   transport has no URL sends reads to a public RPC;
 * - it needs no relay choice, so a missing option silently means WalletConnect's cloud;
 * - it throws plain `Error`s, keeps the QR modal (`@reown/appkit`) on by default, and a stale or
 *   unknown session leaks "No matching key" rejections.
 * Here: the SDK loads in `connect()`, or on start only when a session of ours is stored (a small
 * flag in wagmi's storage); `relayUrl` is required; `showQrModal` is always false.
 */
import type { EthereumProvider } from '@walletconnect/ethereum-provider'
import {
  type AddEthereumChainParameter,
  type Address,
  getAddress,
  numberToHex,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import { ChainNotConfiguredError, createConnector } from 'wagmi'
import * as z from 'zod/mini'
import { WalletConnectPairingReplacedError } from '../src/errors/WalletConnectPairingReplacedError'
import { WalletConnectSessionNotFoundError } from '../src/errors/WalletConnectSessionNotFoundError'
import { getRpcMap } from './walletConnect/getRpcMap'
import { loadEthereumProvider } from './walletConnect/loadEthereumProvider'
import { resolveRelay } from './walletConnect/resolveRelay'

type Provider = Awaited<ReturnType<(typeof EthereumProvider)['init']>>
type InitOptions = Parameters<(typeof EthereumProvider)['init']>[0]

/** Dapp metadata shown by the wallet (SPEC §3 "Dapp metadata"). */
export type WalletConnectMetadata = NonNullable<InitOptions['metadata']>

/** Options of {@link walletConnect}. There is no QR modal option: Latchkey draws the QR itself. */
export interface WalletConnectParameters {
  /** The relay both sides use, e.g. `wss://relay.example.com`; `walletConnectCloudRelayUrl` opts into WalletConnect's. */
  relayUrl: string
  /** WalletConnect project id; only WalletConnect's own relay needs one. */
  projectId?: string | undefined
  /** Dapp name, description, url and icons shown in the wallet. */
  metadata?: WalletConnectMetadata | undefined
  /** HTTP RPC URL per chain id for the provider's read calls. @default the wagmi transports' URLs */
  rpcMap?: Record<number, string> | undefined
  /** Storage prefix of the SDK (two clients in one page need distinct ones). */
  customStoragePrefix?: string | undefined
  /** Send WalletConnect's telemetry events. @default false */
  telemetryEnabled?: boolean | undefined
  /** Skip the provider's `{"method":"test"}` HTTP probe. @default true */
  disableProviderPing?: boolean | undefined
}

/** The URI message the connector emits: `connector.emitter.on('message', …)`. */
export interface WalletConnectDisplayUriMessage {
  type: 'display_uri'
  /** The `wc:` pairing URI to show as a QR code or open as a link. */
  data: string
}

/** Whether a connector `message` event carries a WalletConnect pairing URI. */
export function isDisplayUriMessage(message: {
  type: string
  data?: unknown
}): message is WalletConnectDisplayUriMessage {
  return message.type === 'display_uri' && typeof message.data === 'string'
}

// zod/mini: this file is in the first bundle of every app that configures the connector.
const sessionFlagSchema = z.object({
  topic: z.string().check(z.minLength(1)),
  expiry: z.int().check(z.positive()),
})
type SessionFlag = z.infer<typeof sessionFlagSchema>
type Properties = { onDisplayUri(uri: string): void }
type StorageItem = { 'walletConnect.session': SessionFlag | null }

function isUserRejection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return (
    code === 4001 ||
    code === 5000 ||
    (typeof message === 'string' && /user rejected|connection request reset/i.test(message))
  )
}

// A session already gone on the relay or in the SDK's store: nothing left to end.
function isSessionGone(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && /no matching key|please call connect|expired/i.test(message)
}

/**
 * WalletConnect connector for wagmi: pairing URI as a `display_uri` message, sessions restored on
 * reload, disconnect from either side.
 * @example
 * createConfig({ chains: [mainnet], connectors: [walletConnect({ relayUrl: 'wss://relay.example.com' })], transports })
 */
export function walletConnect(parameters: WalletConnectParameters) {
  const relay = resolveRelay(parameters)

  let provider: Provider | undefined
  let providerPromise: Promise<Provider> | undefined
  let attempt = 0
  let supersede: ((error: Error) => void) | undefined
  const listeners: Partial<Record<string, (...args: never[]) => void>> = {}

  return createConnector<Provider | undefined, Properties, StorageItem>((config) => {
    const readFlag = async (): Promise<SessionFlag | undefined> => {
      const raw = await config.storage?.getItem('walletConnect.session')
      const parsed = sessionFlagSchema.safeParse(raw)
      if (parsed.success) return parsed.data
      if (raw !== null && raw !== undefined) await clearFlag()
      return undefined
    }
    const clearFlag = async () => {
      await config.storage?.removeItem('walletConnect.session')
    }
    const writeFlag = async (session: Provider['session']) => {
      if (session)
        await config.storage?.setItem('walletConnect.session', {
          topic: session.topic,
          expiry: session.expiry,
        })
    }

    const loadProvider = (): Promise<Provider> => {
      if (provider) return Promise.resolve(provider)
      providerPromise ??= (async () => {
        const EthereumProvider = await loadEthereumProvider()
        const optionalChains = config.chains.map((chain) => chain.id) as [number, ...number[]]
        const instance = await EthereumProvider.init({
          projectId: relay.projectId,
          relayUrl: relay.relayUrl,
          metadata: parameters.metadata,
          customStoragePrefix: parameters.customStoragePrefix,
          telemetryEnabled: parameters.telemetryEnabled ?? false,
          disableProviderPing: parameters.disableProviderPing ?? true,
          optionalChains,
          rpcMap: getRpcMap({
            chains: config.chains,
            transports: config.transports,
            rpcMap: parameters.rpcMap,
          }),
          showQrModal: false,
        })
        instance.events.setMaxListeners(Number.POSITIVE_INFINITY)
        provider = instance
        return instance
      })().catch((error: unknown) => {
        providerPromise = undefined
        throw error
      })
      return providerPromise
    }

    const listen = (instance: Provider, event: string, handler: (...args: never[]) => void) => {
      if (listeners[event]) return
      listeners[event] = handler
      instance.on(event as 'connect', handler as never)
    }
    const unlisten = (instance: Provider | undefined, event: string) => {
      const handler = listeners[event]
      if (!handler) return
      instance?.removeListener(event as 'connect', handler as never)
      delete listeners[event]
    }
    const unlistenSession = (instance: Provider | undefined) => {
      for (const event of ['accountsChanged', 'chainChanged', 'disconnect', 'session_delete'])
        unlisten(instance, event)
    }

    // The SDK's `connect` waits for the wallet; a newer attempt (fresh URI) ends the older one.
    const pair = async (instance: Provider, chainId: number) => {
      supersede?.(new WalletConnectPairingReplacedError())
      const id = ++attempt
      const others = config.chains.map((chain) => chain.id).filter((id) => id !== chainId)
      const pairing = instance.connect({ optionalChains: [chainId, ...others] })
      // The replaced attempt still settles later (proposal expiry): never as an unhandled rejection.
      pairing.catch(() => {})
      const replaced = new Promise<never>((_, reject) => {
        supersede = reject
      })
      try {
        await Promise.race([pairing, replaced])
      } finally {
        if (id === attempt) supersede = undefined
      }
    }

    return {
      id: 'walletConnect',
      name: 'WalletConnect',
      type: walletConnect.type,

      // Nothing here: wagmi calls setup() on every page load and the SDK must stay unloaded.
      async setup() {},

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        try {
          const instance = await loadProvider()
          if (isReconnecting && !instance.session) throw new WalletConnectSessionNotFoundError()
          // Stays on: only pairing emits it, and overlapping attempts must not remove each other's.
          listen(instance, 'display_uri', this.onDisplayUri.bind(this) as never)

          let targetChainId = chainId
          if (!targetChainId) {
            const state = (await config.storage?.getItem('state')) as { chainId?: number } | null
            const stored = config.chains.find((chain) => chain.id === state?.chainId)
            targetChainId = stored?.id ?? config.chains[0].id
          }
          if (!instance.session) await pair(instance, targetChainId)

          const accounts = (await instance.enable()).map((address) => getAddress(address))
          let currentChainId = instance.chainId
          if (chainId && currentChainId !== chainId) {
            const chain = await this.switchChain?.({ chainId }).catch((error: unknown) => {
              if (isUserRejection(error)) throw error
              return undefined
            })
            currentChainId = chain?.id ?? currentChainId
          }

          listen(instance, 'accountsChanged', this.onAccountsChanged.bind(this) as never)
          listen(instance, 'chainChanged', this.onChainChanged.bind(this) as never)
          listen(instance, 'disconnect', this.onDisconnect.bind(this) as never)
          listen(instance, 'session_delete', this.onDisconnect.bind(this) as never)
          await writeFlag(instance.session)

          return {
            accounts: (withCapabilities
              ? accounts.map((address) => ({ address, capabilities: {} }))
              : accounts) as never,
            chainId: currentChainId,
          }
        } catch (error) {
          if (isReconnecting) await clearFlag()
          if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw error
        }
      },

      async disconnect() {
        const instance = provider
        try {
          await instance?.disconnect()
        } catch (error) {
          if (!isSessionGone(error)) throw error
        } finally {
          unlistenSession(instance)
          await clearFlag()
        }
      },

      async getAccounts() {
        return (provider?.accounts ?? []).map((address) => getAddress(address))
      },

      async getChainId() {
        const instance = provider ?? (await loadProvider())
        return instance.chainId
      },

      // Undefined (wagmi then skips the connector) until connect() or a stored session needs it.
      async getProvider() {
        if (provider) return provider
        if (providerPromise || (await readFlag())) return loadProvider()
        return undefined
      },

      async isAuthorized() {
        try {
          const flag = await readFlag()
          if (!flag) return false
          if (flag.expiry * 1000 <= Date.now()) {
            await clearFlag()
            return false
          }
          const instance = await loadProvider()
          // Core drops expired sessions when it starts; a session it no longer knows is gone.
          if (!instance.session || instance.session.topic !== flag.topic) {
            await clearFlag()
            if (instance.session) await instance.disconnect().catch(() => {})
            return false
          }
          return instance.accounts.length > 0
        } catch {
          return false
        }
      },

      async switchChain({ addEthereumChainParameter, chainId }) {
        const instance = await loadProvider()
        const chain = config.chains.find((x) => x.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        if (instance.chainId === chainId) return chain

        let listener: (data: { chainId?: number | undefined }) => void = () => {}
        const changed = new Promise<void>((resolve) => {
          listener = (data) => {
            if (data.chainId !== chainId) return
            config.emitter.off('change', listener)
            resolve()
          }
          config.emitter.on('change', listener)
        })
        try {
          await Promise.all([
            changed,
            instance.request({
              method: 'wallet_switchEthereumChain',
              params: [{ chainId: numberToHex(chainId) }],
            }),
          ])
          return chain
        } catch (error) {
          config.emitter.off('change', listener)
          if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
          // The wallet does not know the chain: add it (the wallet switches on add).
          try {
            const add = {
              chainId: numberToHex(chainId),
              chainName: addEthereumChainParameter?.chainName ?? chain.name,
              nativeCurrency: addEthereumChainParameter?.nativeCurrency ?? chain.nativeCurrency,
              rpcUrls: addEthereumChainParameter?.rpcUrls?.length
                ? addEthereumChainParameter.rpcUrls
                : [...chain.rpcUrls.default.http],
              blockExplorerUrls:
                addEthereumChainParameter?.blockExplorerUrls ??
                (chain.blockExplorers ? [chain.blockExplorers.default.url] : undefined),
              iconUrls: addEthereumChainParameter?.iconUrls,
            } satisfies AddEthereumChainParameter
            await instance.request({ method: 'wallet_addEthereumChain', params: [add] })
            if (instance.chainId !== chainId) config.emitter.emit('change', { chainId })
            return chain
          } catch (addError) {
            if (isUserRejection(addError)) throw new UserRejectedRequestError(addError as Error)
            throw new SwitchChainError(addError as Error)
          }
        }
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else
          config.emitter.emit('change', {
            accounts: accounts.map((address) => getAddress(address)) as Address[],
          })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      // The session ended on the wallet's side (session_delete) or the provider dropped it.
      onDisconnect() {
        unlistenSession(provider)
        config.emitter.emit('disconnect')
        clearFlag().catch(() => {})
      },

      onDisplayUri(uri: string) {
        const message: WalletConnectDisplayUriMessage = { type: 'display_uri', data: uri }
        config.emitter.emit('message', message)
      },
    }
  })
}

walletConnect.type = 'walletConnect' as const
