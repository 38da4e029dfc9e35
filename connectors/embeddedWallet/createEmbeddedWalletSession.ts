/*
 * The embedded wallet connector's working part, loaded with `import()` by the shell in
 * `../embeddedWallet.ts` on first need (a stored login, connect, or a UI call): the shell is in
 * every page's first bundle, this file and what it imports (store schemas, email login rules,
 * errors) are not. The frame channel and the EIP-1193 provider load later still (loadFrameParts).
 */
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError } from 'viem'
import { ChainNotConfiguredError, type CreateConnectorFn } from 'wagmi'
import { createEmbeddedStore } from '../../src/embeddedWallet/createEmbeddedStore'
import type { FrameProvider } from '../../src/embeddedWallet/createFrameProvider'
import { hasSocialRedirectReturn } from '../../src/embeddedWallet/socialReturn'
import { EmbeddedWalletNotConnectedError } from '../../src/errors/EmbeddedWalletNotConnectedError'
import { FrameRequestError } from '../../src/errors/FrameRequestError'
import { InvalidSessionError } from '../../src/errors/InvalidSessionError'
import { isUserRejection } from '../../src/errors/isUserRejection'
import { defaultFrameTimeouts } from '../../src/frame/defaultFrameTimeouts'
import type { FrameClient } from '../../src/frame/frameClientTypes'
import type { EmbeddedWalletUser } from '../../src/schemas/embeddedWalletTypes'
import type { AsyncStorageLike } from '../../src/storage/createValidatedStorage'
import { createLoader, type Loader } from '../../src/utils/createLoader'
import type { LinkedSolanaWalletContext } from '../solana/linkedSolanaWallet'
import type { StandardWallet } from '../solana/walletStandardTypes'
import { createEmbeddedApi, refreshSmartAccountNetworks } from './createEmbeddedApi'
import { createEmbeddedSolanaWallet } from './createEmbeddedSolanaWallet'
import type {
  EmbeddedWalletHandlers,
  EmbeddedWalletMessage,
  EmbeddedWalletParameters,
} from './embeddedWalletTypes'
import { loadFrameParts } from './loadFrameParts'
import { openFrameClient } from './openFrameClient'
import { settleWithin } from './settleWithin'
import { subscribeProvider } from './subscribeProvider'

type ConnectorConfig = Parameters<CreateConnectorFn<FrameProvider | undefined>>[0]

/** The part of the embedded wallet connector loaded on demand. */
export type EmbeddedWalletSession = ReturnType<typeof createEmbeddedWalletSession>

/** The embedded wallet's state, frame, provider and UI API for one connector. */
export function createEmbeddedWalletSession({
  config,
  parameters,
  solanaContext = () => undefined,
  name = 'Email',
}: {
  config: ConnectorConfig
  parameters: EmbeddedWalletParameters
  /** The Solana adapter's clusters, once one linked this connector (`solanaWallet.link`). */
  solanaContext?: (() => LinkedSolanaWalletContext | undefined) | undefined
  /** The connector's name, which its Solana wallet is listed under. */
  name?: string | undefined
}) {
  const store = createEmbeddedStore(config.storage as AsyncStorageLike | null | undefined)
  let initialized: Promise<number> | undefined
  let user: EmbeddedWalletUser | undefined
  let detach: (() => void) | undefined

  const emit = (message: EmbeddedWalletMessage) => config.emitter.emit('message', message)
  const isAllowed = (chainId: number) =>
    config.chains.some((chain) => chain.id === chainId) &&
    (parameters.chains === undefined || parameters.chains.includes(chainId))
  const defaultChainId = () => parameters.chains?.find((id) => isAllowed(id)) ?? config.chains[0].id

  // The start chain: the last one used, if still configured.
  const initialize = () => {
    initialized ??= store
      .get('latchkey.embedded.chainId')
      .then((stored) => (stored !== undefined && isAllowed(stored) ? stored : defaultChainId()))
    return initialized
  }

  const storeChainId = (chainId: number) => store.set('latchkey.embedded.chainId', chainId)

  const frames: Loader<FrameClient> = createLoader(async () => {
    const chainId = providers.value?.chainId ?? (await initialize())
    return openFrameClient(parameters, chainId, emit)
  })
  const getFrame = (): Promise<FrameClient> => {
    // Idempotent; after a load failure it adds a fresh iframe (the next request retries).
    frames.value?.mount()
    return frames.load()
  }

  const providers: Loader<FrameProvider> = createLoader(async () => {
    const chainId = await initialize()
    const { createFrameProvider } = await loadFrameParts()
    return createFrameProvider({
      getFrame,
      peekFrame: () => frames.value,
      chainId,
      isChainSupported: isAllowed,
      onChainIdChange: storeChainId,
    })
  })
  const getProviderInstance = () => providers.load()

  const clearSession = async () => {
    user = undefined
    detach?.()
    detach = undefined
    providers.value?.setAccounts([])
    await store.clearLogin()
  }

  const api = createEmbeddedApi({
    getFrame,
    peekFrame: () => frames.value,
    frameUrl: parameters.frameUrl,
    social: parameters.social,
    store,
    emit,
    getUser: () => user,
    setUser(next) {
      user = next
    },
    onAccountChange(next) {
      user = next
      providers.value?.setAccounts([getAddress(next.address)])
    },
    now: () => Date.now(),
  })

  // the user's Solana account as a Wallet Standard wallet (in this chunk: one of its own would
  // split the errors it shares out of the first bundle's chunks, `npm run bench`)
  const solanaWallets: Loader<StandardWallet> = createLoader(async () =>
    createEmbeddedSolanaWallet({
      name,
      context: solanaContext,
      hasLogin: async () => (await store.get('latchkey.embedded.loginUsed')) === true,
      getUser: api.getUser,
      getProvider: getProviderInstance,
    }),
  )

  return {
    api,
    clearSession,
    loadSolanaWallet: () => solanaWallets.load(),

    // SPEC §4: the frame is created at once if an email login was used before.
    async setup() {
      if (typeof window === 'undefined') return
      if (await store.get('latchkey.embedded.loginUsed')) await getFrame().catch(() => {})
      // A redirect-mode social login came back: the modal opens to finish it (the frame is
      // there by now, and so is the page's React tree that listens).
      const returned = hasSocialRedirectReturn()
      if (returned) emit({ type: 'embedded:socialRedirect', data: { provider: returned.provider } })
    },

    async connect(
      handlers: EmbeddedWalletHandlers,
      {
        chainId,
        isReconnecting,
        withCapabilities,
      }: {
        chainId?: number | undefined
        isReconnecting?: boolean | undefined
        withCapabilities?: boolean | undefined
      } = {},
    ) {
      const instance = await getProviderInstance()
      try {
        const client = await getFrame()
        const target = chainId !== undefined && isAllowed(chainId) ? chainId : instance.chainId
        const preferredAccountType =
          (await store.get('latchkey.embedded.preferredAccountType')) ?? 'eoa'
        const next = await client
          .request('GET_USER', { chainId: target, preferredAccountType })
          .catch((error: unknown) => {
            // No session in the frame (the server's InvalidSessionError) or another refusal of the frame.
            if (error instanceof InvalidSessionError || error instanceof FrameRequestError)
              throw new EmbeddedWalletNotConnectedError({ cause: error })
            throw error
          })
        const accounts = [getAddress(next.address)] as const
        const userChainId = Number(next.chainId)
        let current = isAllowed(userChainId) ? userChainId : target
        if (chainId !== undefined && isAllowed(chainId) && current !== chainId) {
          const switched = await client
            .request('SWITCH_NETWORK', { chainId })
            .then(() => true)
            .catch((error: unknown) => {
              if (isUserRejection(error)) throw error
              return false
            })
          if (switched) current = chainId
        }
        user = next
        instance.setChainId(current)
        instance.setAccounts(accounts)
        await storeChainId(current)
        // SPEC §4: success stores the email and the login-used flag, and clears the login time.
        await store.set('latchkey.embedded.loginUsed', true)
        if (next.email) await store.set('latchkey.embedded.email', next.email)
        await store.remove('latchkey.embedded.lastEmailLoginAt')
        refreshSmartAccountNetworks(client, store).catch(() => {})

        detach ??= subscribeProvider(instance, handlers)
        return {
          accounts: (withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: current,
        }
      } catch (error) {
        if (isReconnecting) await clearSession()
        if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
        throw error
      }
    },

    // SPEC §4: the cache is cleared at once; sign-out is awaited at most 3 s.
    async disconnect() {
      await clearSession()
      const client = frames.value
      if (!client) return
      client.abortPending()
      await settleWithin(
        client.request('SIGN_OUT'),
        parameters.timeouts?.signOut ?? defaultFrameTimeouts.signOut,
      )
    },

    getAccounts() {
      return providers.value?.accounts ?? []
    },

    async getChainId() {
      return (await getProviderInstance()).chainId
    },

    // Undefined (wagmi skips the connector on reconnect) until a login was used or a connect ran.
    async getProvider() {
      if (providers.started) return getProviderInstance()
      if (await store.get('latchkey.embedded.loginUsed')) return getProviderInstance()
      return undefined
    },

    // SPEC §4: is-connected false, or an error, clears the cached login data.
    async isAuthorized() {
      // Server rendering has no frame to ask; the browser decides (and clears) after hydration.
      if (typeof window === 'undefined') return false
      if (!(await store.get('latchkey.embedded.loginUsed'))) return false
      // A redirect's return is finished by the social login flow, which connects after it.
      if (hasSocialRedirectReturn()) return false
      try {
        const client = await getFrame()
        const { isConnected } = await client.request('IS_CONNECTED')
        if (!isConnected) await clearSession()
        return isConnected
      } catch {
        await clearSession()
        return false
      }
    },

    async switchChain({ chainId }: { chainId: number }) {
      const chain = config.chains.find((x) => x.id === chainId)
      if (!chain || !isAllowed(chainId)) throw new SwitchChainError(new ChainNotConfiguredError())
      const instance = await getProviderInstance()
      if (instance.accounts.length === 0) {
        // Not logged in: remember the chain for the next login, the frame has nothing to switch.
        instance.setChainId(chainId)
        await storeChainId(chainId)
        return chain
      }
      try {
        await instance.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        })
        return chain
      } catch (error) {
        if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
        throw new SwitchChainError(error as Error)
      }
    },
  }
}
