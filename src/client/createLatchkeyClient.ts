import { createStore } from 'zustand/vanilla'
import { getStartView } from '../machines/router'
import type { LatchkeyOptions } from '../schemas/options'
import { createModalStore } from '../stores/createModalStore'
import { createRouterStore } from '../stores/createRouterStore'
import { createLoader } from '../utils/createLoader'
import { isConnected } from './isConnected'
import { readConnection } from './readConnection'
import { resolveClientOptions } from './resolveClientOptions'
import type {
  CreateLatchkeyClientParameters,
  LatchkeyChunk,
  LatchkeyClient,
  LatchkeyClientState,
  LatchkeyOpenArgs,
  LatchkeyParts,
  LatchkeySignIn,
} from './types'
import { whenIdle } from './whenIdle'

const noOptions: LatchkeyOptions = {}

/**
 * Latchkey without React, shaped like TanStack's `QueryClient`: the modal and router stores, one
 * cached load of the modal chunk, sign-in start and stop, open and close, and the one definition
 * of "connected". `<LatchkeyProvider>` makes one per mount and binds it with `useSyncExternalStore`.
 * @example
 * const client = createLatchkeyClient({ config, loadChunk: () => import('./modalChunk') })
 * client.open({ view: 'Networks' })
 */
export function createLatchkeyClient<
  Chunk extends LatchkeyChunk,
  SignIn extends LatchkeySignIn = LatchkeySignIn,
>(parameters: CreateLatchkeyClientParameters<Chunk>): LatchkeyClient<Chunk, SignIn> {
  const { config, isMobile = () => false } = parameters
  let options = parameters.options ?? noOptions
  let flags = resolveClientOptions(options)
  const store = createStore<LatchkeyClientState<Chunk, SignIn>>()(() => ({
    loaded: null,
    signInChunk: null,
    signIn: null,
    hostModals: 0,
    failure: null,
    namespace: 'eip155',
    solana: null,
  }))
  const connected = () => {
    const solana = store.getState().solana
    return (
      isConnected(readConnection(config.state)) ||
      (solana?.status === 'connected' && solana.address !== undefined)
    )
  }
  const modal = createModalStore()
  const router = createRouterStore({
    onClose: () => modal.close(),
    embedded: flags.enableEmbedded,
    isConnected: connected,
  })

  // ChunkLoadError (offline, new deploy): forgotten, so the next call tries again
  const chunks = createLoader(() => parameters.loadChunk())
  const loadChunk = () => chunks.load()

  function loadParts(): Promise<void> {
    return loadChunk().then((chunk) => {
      if (store.getState().loaded) return
      chunk.watchProviderImitation()
      const toast = chunk.createToastStore()
      store.setState({
        loaded: {
          chunk,
          storage: chunk.createStorage(),
          toast,
          analytics: chunk.createAnalytics(toast),
        },
      })
    })
  }

  let memo: { loaded: unknown; options: LatchkeyOptions; parts: LatchkeyParts<Chunk> } | undefined
  function getParts(): LatchkeyParts<Chunk> | null {
    const { loaded } = store.getState()
    if (!loaded) return null
    if (memo?.loaded === loaded && memo.options === options) return memo.parts
    const parts = { ...loaded, options: loaded.chunk.parseOptions(options) }
    memo = { loaded, options, parts }
    return parts
  }

  function fail(failure: { error: unknown }) {
    if (!store.getState().failure) store.setState({ failure })
  }

  function startSignIn(): Promise<SignIn | null> {
    // without the `siwx` option nothing of sign-in runs
    if (!options?.siwx) return Promise.resolve(null)
    const running = store.getState().signIn
    if (running) return Promise.resolve(running)
    return new Promise((resolve, reject) => {
      // the sign-in host (rendered once the chunk is there) hands its controller over
      const stop = store.subscribe(({ signIn }) => {
        if (!signIn) return
        stop()
        resolve(signIn)
      })
      loadChunk().then(
        (chunk) => {
          if (!store.getState().signInChunk) store.setState({ signInChunk: chunk })
        },
        (error: unknown) => {
          stop()
          reject(error)
        },
      )
    })
  }

  return {
    modal,
    router,
    getState: store.getState,
    subscribe: store.subscribe,
    get options() {
      return options
    },
    setOptions(next) {
      if (next === options) return
      options = next
      flags = resolveClientOptions(next)
    },
    isConnected: connected,
    setSolana(solana) {
      store.setState({ solana })
    },
    setNamespace(namespace) {
      if (store.getState().namespace !== namespace) store.setState({ namespace })
    },
    getParts,
    loadChunk,
    loadParts,
    preloadWhenIdle: () => whenIdle(() => loadParts().catch(() => {})),
    open(args: LatchkeyOpenArgs = {}) {
      const start = getStartView({
        manualWCControl: flags.manualWCControl,
        hasAdapters: true,
        isConnected: connected(),
        isMobile: isMobile(),
        requested: args.view === undefined ? undefined : args,
      })
      router.reset(start.view, start.data)
      modal.open()
    },
    close() {
      // sign-in may refuse a close (required, no session) or take it as a cancel of its prompt
      if (!store.getState().signIn?.interceptClose()) router.close()
    },
    startSignIn,
    setSignIn(signIn) {
      store.setState({ signIn })
    },
    fail,
    registerHostModal() {
      const count = (change: number) =>
        store.setState(({ hostModals }) => ({ hostModals: hostModals + change }))
      count(1)
      return () => count(-1)
    },
    destroy() {
      modal.destroy()
      store.getState().loaded?.toast.destroy()
    },
  }
}
