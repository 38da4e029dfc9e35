/*
 * The embedded wallet (email login through the Latchkey server's frame) as a wagmi connector.
 * The frame is created at once when an email login was used before (SPEC §4 "Embedded frame
 * lifecycle"). The host stores no secret: the frame keeps its session on its own origin.
 *
 * This file is the shell `createConfig` runs on every page load, so it stays small and holds no
 * zod: it only tests whether a login flag is stored. Everything else (the validated store, email
 * login, connect, switch) is in `embeddedWallet/createEmbeddedWalletSession.ts`, loaded with
 * `import()` on first need; the frame channel and the provider load after it (loadFrameParts).
 */
import { getAddress } from 'viem'
import { createConnector } from 'wagmi'
import type { FrameProvider } from '../src/embeddedWallet/createFrameProvider'
import { createLoader } from '../src/utils/createLoader'
import type { EmbeddedWalletSession } from './embeddedWallet/createEmbeddedWalletSession'
import type {
  EmbeddedWalletApi,
  EmbeddedWalletParameters,
} from './embeddedWallet/embeddedWalletTypes'
import type { LinkedSolanaWallet, LinkedSolanaWalletContext } from './solana/linkedSolanaWallet'

type AsyncApiKey = {
  [K in keyof EmbeddedWalletApi]: EmbeddedWalletApi[K] extends (
    ...args: never[]
  ) => Promise<unknown>
    ? K
    : never
}[keyof EmbeddedWalletApi]

/**
 * Embedded wallet connector for wagmi (email login via your Latchkey server); UI methods on `connector.embedded`.
 * @example
 * createConfig({ chains: [mainnet], connectors: [embeddedWallet({ frameUrl: 'https://wallet.example.com/frame' })], transports })
 */
export function embeddedWallet(parameters: EmbeddedWalletParameters) {
  type Properties = {
    embedded: EmbeddedWalletApi
    /** The user's Solana account, for the Solana adapter (`solana.linkConnectors`). */
    solanaWallet: LinkedSolanaWallet
  }
  const name = 'Email'

  return createConnector<FrameProvider | undefined, Properties>((config) => {
    let solanaContext: LinkedSolanaWalletContext | undefined
    const sessions = createLoader<EmbeddedWalletSession>(() =>
      import('./embeddedWallet/createEmbeddedWalletSession').then((module) =>
        module.createEmbeddedWalletSession({
          config,
          parameters,
          name,
          solanaContext: () => solanaContext,
        }),
      ),
    )
    const load = () => sessions.load()
    // Presence only (no zod here): a first visit has no flag and loads nothing. The session
    // parses a present flag and removes one that is not valid.
    const hasLogin = async () => {
      if (sessions.value) return true
      try {
        const raw: unknown = await config.storage?.getItem('latchkey.embedded.loginUsed')
        return raw !== null && raw !== undefined
      } catch {
        return false
      }
    }
    const call = <K extends AsyncApiKey>(key: K): EmbeddedWalletApi[K] =>
      ((...args: never[]) =>
        load().then((loaded) =>
          (loaded.api[key] as (...args: never[]) => unknown)(...args),
        )) as never

    // The synchronous methods answer from the session once loaded; every other method loads it
    // on its first call. Those are made on first use, by name: the first bundle carries no table
    // of the API's names, so a new method costs it nothing. Names that tools probe an object
    // for (a promise's `then`, `toJSON`, a test matcher's `asymmetricMatch`, a DOM node's
    // `nodeType`, `$$typeof`, `@@…`) are not methods.
    const known = {
      abortPending: () => sessions.value?.api.abortPending() ?? 0,
      getFrameElement: () => sessions.value?.api.getFrameElement(),
      get user() {
        return sessions.value?.api.user
      },
      social: parameters.social,
    } satisfies Omit<EmbeddedWalletApi, AsyncApiKey>
    const methods: Record<string, unknown> = known
    const api = new Proxy(methods, {
      get(target, key) {
        if (
          typeof key === 'string' &&
          !(key in target) &&
          /^[a-z]\w*$/.test(key) &&
          !/^(then|toJSON|asymmetricMatch|nodeType)$/.test(key)
        )
          target[key] = call(key as AsyncApiKey)
        return Reflect.get(target, key)
      },
    }) as unknown as EmbeddedWalletApi

    return {
      id: 'latchkeyEmbedded',
      name,
      type: embeddedWallet.type,
      embedded: api,
      solanaWallet: {
        name,
        connector: embeddedWallet.type,
        link(context) {
          solanaContext = context
        },
        load: () => load().then((loaded) => loaded.loadSolanaWallet()),
      },

      // SPEC §4: the frame is created at once if an email login was used before.
      async setup() {
        if (typeof window === 'undefined' || !(await hasLogin())) return
        await load().then(
          (loaded) => loaded.setup(),
          () => {},
        )
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        return (await load()).connect(
          {
            onAccountsChanged: this.onAccountsChanged.bind(this),
            onChainChanged: this.onChainChanged.bind(this),
            onDisconnect: () => this.onDisconnect(),
          },
          { chainId, isReconnecting, withCapabilities },
        ) as never
      },

      async disconnect() {
        await (await load()).disconnect()
      },

      async getAccounts() {
        return sessions.value?.getAccounts() ?? []
      },

      async getChainId() {
        return (await load()).getChainId()
      },

      // Undefined (wagmi skips the connector on reconnect) until a login was used or a connect ran.
      async getProvider() {
        if (!sessions.started && !(await hasLogin())) return undefined
        return (await load()).getProvider()
      },

      // SPEC §4: is-connected false, or an error, clears the cached login data.
      async isAuthorized() {
        // Server rendering has no frame to ask; the browser decides (and clears) after hydration.
        if (typeof window === 'undefined' || !(await hasLogin())) return false
        return load().then(
          (loaded) => loaded.isAuthorized(),
          () => false,
        )
      },

      async switchChain({ chainId }) {
        return (await load()).switchChain({ chainId })
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else
          config.emitter.emit('change', {
            accounts: accounts.map((address) => getAddress(address)),
          })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      onDisconnect() {
        sessions.value?.clearSession().catch(() => {})
        config.emitter.emit('disconnect')
      },
    }
  })
}

embeddedWallet.type = 'embeddedWallet' as const

/** The embedded wallet's UI methods on a wagmi connector, or undefined for any other connector. */
export function getEmbeddedWalletApi(connector: {
  type: string
  embedded?: unknown
}): EmbeddedWalletApi | undefined {
  return connector.type === embeddedWallet.type && typeof connector.embedded === 'object'
    ? (connector.embedded as EmbeddedWalletApi)
    : undefined
}
