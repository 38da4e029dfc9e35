import { getAddress, UserRejectedRequestError } from 'viem'
import { WalletConnectPairingReplacedError } from '../../src/errors/WalletConnectPairingReplacedError'
import { WalletConnectSessionNotFoundError } from '../../src/errors/WalletConnectSessionNotFoundError'
import { createValidatedStorage } from '../../src/storage/createValidatedStorage'
import { createLoader } from '../../src/utils/createLoader'
import { raceDeadline } from '../../src/utils/raceDeadline'
import type { LinkedSolanaWalletContext } from '../solana/linkedSolanaWallet'
import { isRejected, isSessionAlreadyEnded } from './classifyWalletConnectError'
import {
  createWalletConnectProvider,
  type WalletConnectProvider,
} from './createWalletConnectProvider'
import { disableVerify } from './disableVerify'
import { getRpcMap } from './getRpcMap'
import type { WalletConnectRequestExpiredMessage } from './isRequestExpiredMessage'
import { keepMetadata } from './keepMetadata'
import { loadUniversalProvider } from './loadUniversalProvider'
import { markLiveMessages } from './markLiveMessages'
import type { ResolvedRelay } from './resolveRelay'
import { sessionFlagSchema } from './sessionFlagSchema'
import {
  createWalletConnectSolanaWallet,
  type WalletConnectSolanaWallet,
} from './solana/createWalletConnectSolanaWallet'
import { pickEvmSession } from './solana/pickEvmSession'
import { solanaChainIds } from './solana/solanaNamespace'
import { type SwitchChainArgs, switchWalletConnectChain } from './switchWalletConnectChain'
import type { ConnectorConfig, WalletConnectParameters } from './walletConnectTypes'

type WalletConnectEvent = 'display_uri' | 'accountsChanged' | 'chainChanged' | 'disconnect'

/** The connector's event handlers the session subscribes to the provider. */
export interface WalletConnectHandlers {
  onDisplayUri(uri: string): void
  onAccountsChanged(accounts: string[]): void
  onChainChanged(chainId: string): void
  onDisconnect(): void
  /** A request sent before the page reloaded, which nothing can receive any more (plan D7). */
  onRequestExpired(request: WalletConnectRequestExpiredMessage['data']): void
}

/** The part of the connector loaded on demand (with `import()`), beside the SDK loader. */
export type WalletConnectSession = ReturnType<typeof createWalletConnectSession>

/**
 * The WalletConnect connector's working part: SDK start, pairing, session flag (parsed with zod
 * here, never in the shell), chain switching. The shell in `walletConnect.ts` loads it with
 * `import()` on `connect()` or when a session flag is stored; the SDK itself loads later still.
 */
export function createWalletConnectSession({
  config,
  parameters,
  relay,
  solanaContext = () => undefined,
}: {
  config: ConnectorConfig
  parameters: WalletConnectParameters
  relay: ResolvedRelay
  /** The Solana adapter's clusters, once one linked this connector (`solanaWallet.link`). */
  solanaContext?: (() => LinkedSolanaWalletContext | undefined) | undefined
}) {
  let attempt = 0
  let supersede: ((error: Error) => void) | undefined
  const listeners: Partial<Record<WalletConnectEvent, (...args: never[]) => void>> = {}

  // The session flag in wagmi's storage, through the one storage primitive: a stored value that
  // is not a flag of ours is removed, and a failing store never throws into a connect.
  const flags = createValidatedStorage({
    schemas: { 'walletConnect.session': sessionFlagSchema },
    storage: () => config.storage ?? undefined,
    async: true,
    onWarn: () => {},
  })
  const clearFlag = () => flags.remove('walletConnect.session')
  const readFlag = () => flags.get('walletConnect.session')
  const writeFlag = async (session: WalletConnectProvider['session']) => {
    if (session)
      await flags.set('walletConnect.session', { topic: session.topic, expiry: session.expiry })
  }

  const providers = createLoader(async () => {
    const UniversalProvider = await loadUniversalProvider()
    const universal = await UniversalProvider.init({
      projectId: relay.projectId,
      relayUrl: relay.relayUrl,
      metadata: keepMetadata(parameters.metadata, globalThis.location?.origin),
      customStoragePrefix: parameters.customStoragePrefix,
      telemetryEnabled: parameters.telemetryEnabled ?? false,
      disableProviderPing: parameters.disableProviderPing ?? true,
    })
    // Verify (verify.walletconnect.org) has no init option: off on this core unless asked for.
    if (!parameters.verifyEnabled) disableVerify(universal.client.core)
    // universal-provider starts on the first stored session: never a Solana one of ours
    await pickEvmSession(universal, (await readFlag())?.topic)
    markLiveMessages(universal)
    return createWalletConnectProvider({
      universal,
      chains: config.chains.map((chain) => chain.id) as [number, ...number[]],
      rpcMap: getRpcMap({
        chains: config.chains,
        transports: config.transports,
        rpcMap: parameters.rpcMap,
      }),
      relayUrl: relay.relayUrl,
      requestTimeoutMs: relay.requestTimeoutMs,
    })
  })
  const loadProvider = () => providers.load()

  // In this chunk, not one of its own: a chunk reaching the errors and `raceDeadline` apart from
  // this one would split them out of the first bundle's chunks (one more file each, `npm run bench`).
  const solanaWallets = createLoader<WalletConnectSolanaWallet>(async () =>
    createWalletConnectSolanaWallet({
      universal: (await loadProvider()).universal,
      context: solanaContext,
      onDisplayUri: (uri) =>
        config.emitter.emit('message', { type: 'solana_display_uri', data: uri }),
      relayUrl: relay.relayUrl,
      relayTimeoutMs: relay.relayTimeoutMs,
      requestTimeoutMs: relay.requestTimeoutMs,
      name: 'WalletConnect',
    }),
  )

  const listen = (
    instance: WalletConnectProvider,
    event: WalletConnectEvent,
    handler: (...args: never[]) => void,
  ) => {
    if (listeners[event]) return
    listeners[event] = handler
    instance.on(event, handler as never)
  }
  const unlisten = (instance: WalletConnectProvider | undefined, event: WalletConnectEvent) => {
    const handler = listeners[event]
    if (!handler) return
    instance?.removeListener(event, handler as never)
    delete listeners[event]
  }
  const unlistenSession = (instance: WalletConnectProvider | undefined) => {
    for (const event of ['accountsChanged', 'chainChanged', 'disconnect'] as const)
      unlisten(instance, event)
  }

  // The SDK's `connect` waits for the wallet; a newer attempt (fresh URI) ends the older one.
  const pair = async (instance: WalletConnectProvider, chainId: number) => {
    supersede?.(new WalletConnectPairingReplacedError())
    const id = ++attempt
    const others = config.chains.map((chain) => chain.id).filter((id) => id !== chainId)
    // with a Solana adapter linked, the one QR asks for its clusters too (both optional)
    // (a cluster whose genesis cannot be read in 3 s is left out rather than hold the QR back)
    const context = solanaContext()
    const solana = context
      ? await raceDeadline(solanaChainIds(context), 3_000, () => new TypeError('genesis')).then(
          (ids) => ids.namespace,
          () => undefined,
        )
      : undefined
    const pairing = instance.pair({
      chainIds: [chainId, ...others],
      timeout: relay.relayTimeoutMs,
      solana,
    })
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

  const session = {
    async connect(
      handlers: WalletConnectHandlers,
      {
        chainId,
        isReconnecting,
      }: { chainId?: number | undefined; isReconnecting?: boolean | undefined } = {},
    ) {
      try {
        const instance = await loadProvider()
        if (isReconnecting && !instance.session) throw new WalletConnectSessionNotFoundError()
        // Stays on: only pairing emits it, and overlapping attempts must not remove each other's.
        listen(instance, 'display_uri', handlers.onDisplayUri as never)

        let targetChainId = chainId
        if (!targetChainId) {
          const state = (await config.storage?.getItem('state')) as { chainId?: number } | null
          const stored = config.chains.find((chain) => chain.id === state?.chainId)
          targetChainId = stored?.id ?? config.chains[0].id
        }
        if (!instance.session) await pair(instance, targetChainId)

        const accounts = instance.accounts.map((address) => getAddress(address))
        let currentChainId = instance.chainId
        if (chainId && currentChainId !== chainId) {
          const chain = await session.switchChain({ chainId }).catch((error: unknown) => {
            if (isRejected(error)) throw error
            return undefined
          })
          currentChainId = chain?.id ?? currentChainId
        }

        listen(instance, 'accountsChanged', handlers.onAccountsChanged as never)
        listen(instance, 'chainChanged', handlers.onChainChanged as never)
        listen(instance, 'disconnect', handlers.onDisconnect as never)
        await writeFlag(instance.session)
        for (const { id, method } of instance.takeOrphanedRequests())
          handlers.onRequestExpired({ id, method })
        return { accounts, chainId: currentChainId }
      } catch (error) {
        if (isReconnecting) await clearFlag()
        if (isRejected(error)) throw new UserRejectedRequestError(error as Error)
        throw error
      }
    },

    async disconnect() {
      const instance = providers.value
      const topic = instance?.session?.topic
      try {
        await instance?.disconnect()
        // a session carrying Solana too ends for the Solana adapter as well (SPEC §4)
        if (topic) solanaWallets.value?.sessionEnded(topic)
      } catch (error) {
        if (!isSessionAlreadyEnded(error)) throw error
      } finally {
        unlistenSession(instance)
        await clearFlag()
      }
    },

    getAccounts() {
      return (providers.value?.accounts ?? []).map((address) => getAddress(address))
    },

    async getChainId() {
      const instance = providers.value ?? (await loadProvider())
      return instance.chainId
    },

    // Undefined (wagmi then skips the connector) until connect() or a valid stored flag needs it.
    async getProvider() {
      if (providers.value) return providers.value
      if (providers.started || (await readFlag())) return loadProvider()
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

    async switchChain(args: SwitchChainArgs) {
      return switchWalletConnectChain(config, await loadProvider(), args)
    },

    /** WalletConnect's `solana` namespace as a Wallet Standard wallet, on this provider. */
    loadSolanaWallet: () => solanaWallets.load().then((loaded) => loaded.wallet),

    /** Stops listening to the session's events (it ended on the wallet's side). */
    unlisten() {
      unlistenSession(providers.value)
    },
  }
  return session
}
