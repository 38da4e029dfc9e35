import { createMachineStore } from '../../src/stores/createMachineStore'
import { createLoader } from '../../src/utils/createLoader'
import type { LinkedSolanaWallet } from './linkedSolanaWallet'
import { loadWalletStandard } from './loadWalletStandard'
import {
  findStandardWallet,
  type SolanaWallet,
  type SolanaWalletListing,
  toSolanaWallets,
} from './solanaWallets'
import type { StandardWallet, StandardWalletsApi } from './walletStandardTypes'

/** Wallet Standard discovery for one adapter: the list, and lookups by name. */
export interface SolanaDiscovery {
  /** The list found so far (empty before `start`). */
  list(): readonly SolanaWallet[]
  /** Loads `@wallet-standard/app` once and keeps the list in step with registrations. */
  start(): Promise<StandardWalletsApi>
  subscribe(listener: (wallets: readonly SolanaWallet[]) => void): () => void
  /**
   * The wallet named `name`: a linked one (loaded now), else the registered one, waiting up to
   * `timeoutMs` for it to register.
   */
  find(name: string, timeoutMs: number): Promise<StandardWallet | undefined>
  /** Lists the linked wallets again (they changed). */
  relink(): void
}

/** Creates the discovery of one adapter; nothing runs (and nothing is loaded) before `start`. */
export function createSolanaDiscovery(
  listings: readonly SolanaWalletListing[],
  linked: () => readonly LinkedSolanaWallet[] = () => [],
): SolanaDiscovery {
  // The list is replaced whole on every registration.
  const { store, dispatch } = createMachineStore<readonly SolanaWallet[], readonly SolanaWallet[]>({
    reducer: (_, wallets) => wallets,
    initialState: [],
  })
  // A failed load (the peer is missing) may be retried by the next call.
  const registry = createLoader(() =>
    loadWalletStandard().then((api) => {
      const refresh = () => dispatch(toSolanaWallets(api.get(), listings, linked()))
      api.on('register', refresh)
      api.on('unregister', refresh)
      refresh()
      return api
    }),
  )
  const start = () => registry.load()

  async function find(name: string, timeoutMs: number) {
    const link = linked().find((wallet) => wallet.name === name)
    if (link) return link.load()
    const api = await start()
    const now = findStandardWallet(api.get(), name)
    if (now || timeoutMs <= 0) return now
    return new Promise<StandardWallet | undefined>((resolve) => {
      const timer = setTimeout(() => settle(undefined), timeoutMs)
      const off = api.on('register', () => {
        const found = findStandardWallet(api.get(), name)
        if (found) settle(found)
      })
      function settle(wallet: StandardWallet | undefined) {
        clearTimeout(timer)
        off()
        resolve(wallet)
      }
    })
  }

  return {
    list: store.getState,
    start,
    subscribe: (listener) => store.subscribe((wallets) => listener(wallets)),
    find,
    relink() {
      const api = registry.value
      if (api) dispatch(toSolanaWallets(api.get(), listings, linked()))
    },
  }
}
