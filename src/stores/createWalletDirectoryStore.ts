import type { DirectoryClient } from '../directory/createDirectoryClient'
import { directoryPageSize, directorySearchSize } from '../directory/createDirectoryClient'
import type { DirectoryWallet } from '../directory/directoryWallet'
import {
  type DirectoryEvent,
  type DirectoryState,
  directoryReducer,
  initialDirectoryState,
} from '../machines/walletDirectory'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** SPEC §9: images are fetched ahead for the first 20 wallets of each page. */
export const prefetchedImagesPerPage = 20
/** SPEC §9: the pause between typing and searching, in ms. */
export const searchDelayMs = 300

/** Parameters of {@link createWalletDirectoryStore}. */
export interface CreateWalletDirectoryStoreParameters {
  client: DirectoryClient
  /** Only these wallet ids (the host's `includeWalletIds`). */
  include?: readonly string[] | undefined
  /** Never these wallet ids (the host's `excludeWalletIds`, and wallets shown elsewhere). */
  exclude?: readonly string[] | undefined
  /** CAIP-2 ids of the app's chains: only wallets for them. */
  chains?: readonly string[] | undefined
  /** Fetches an image ahead so rows paint with it. @default `new Image().src = url` in a browser */
  prefetchImage?: ((url: string) => void) | undefined
}

/** What {@link createWalletDirectoryStore} returns. */
export interface WalletDirectoryStore extends ReadonlyStore<DirectoryState> {
  /** Reads the next page (the first on the first call). */
  loadMore(): void
  retry(): void
  /** Searches after {@link searchDelayMs}; an empty query ends the search. */
  search(query: string): void
  /** Stops timers and requests in flight; late answers change nothing. */
  dispose(): void
}

function browserPrefetch(url: string) {
  if (typeof Image === 'undefined') return
  const image = new Image()
  image.decoding = 'async'
  image.src = url
}

/**
 * Binds the wallet directory machine to a directory client: reads pages of 40 as the list asks,
 * prefetches the first 20 images of each, and searches 100 entries 300 ms after the last key
 * (SPEC §9), dropping answers for a query no longer typed.
 */
export function createWalletDirectoryStore(
  parameters: CreateWalletDirectoryStoreParameters,
): WalletDirectoryStore {
  const { client, include, exclude, chains } = parameters
  const prefetchImage = parameters.prefetchImage ?? browserPrefetch
  const requests = new AbortController()
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let searchRequest: AbortController | undefined
  const prefetched = new Set<string>()

  function prefetch(wallets: readonly DirectoryWallet[]) {
    for (const wallet of wallets.slice(0, prefetchedImagesPerPage)) {
      const url = client.getWalletImageUrl(wallet)
      if (url === undefined || prefetched.has(url)) continue
      prefetched.add(url)
      prefetchImage(url)
    }
  }

  function readPage(page: number) {
    const query = { page, entries: directoryPageSize, include, exclude, chains }
    client.getWallets({ ...query, signal: requests.signal }).then(
      ({ wallets, count }) => {
        if (requests.signal.aborted) return
        prefetch(wallets)
        dispatch({ type: 'pageLoaded', page, wallets, count })
      },
      (error: Error) => {
        if (!requests.signal.aborted) dispatch({ type: 'pageFailed', page, error })
      },
    )
  }

  function runSearch(query: string) {
    searchRequest?.abort()
    const request = new AbortController()
    searchRequest = request
    dispatch({ type: 'searchStarted', query })
    const signal = AbortSignal.any([requests.signal, request.signal])
    client
      .getWallets({
        page: 1,
        entries: directorySearchSize,
        include,
        exclude,
        chains,
        search: query,
        signal,
      })
      .then(
        ({ wallets }) => {
          if (signal.aborted) return
          prefetch(wallets)
          dispatch({ type: 'searchLoaded', query, wallets })
        },
        (error: Error) => {
          if (!signal.aborted) dispatch({ type: 'searchFailed', query, error })
        },
      )
  }

  function onChange(state: DirectoryState, previous: DirectoryState, event: DirectoryEvent) {
    if (state.loadingPage !== undefined && state.loadingPage !== previous.loadingPage)
      readPage(state.loadingPage)
    if (event.type === 'searchChanged') {
      clearTimeout(searchTimer)
      searchRequest?.abort()
      if (state.search.status === 'waiting') {
        const { query } = state.search
        searchTimer = setTimeout(() => runSearch(query), searchDelayMs)
      }
    }
  }

  const { store, dispatch } = createMachineStore({
    reducer: directoryReducer,
    initialState: initialDirectoryState(),
    onChange,
  })

  return {
    ...store,
    loadMore: () => dispatch({ type: 'loadMore' }),
    retry: () => dispatch({ type: 'retry' }),
    search: (query) => dispatch({ type: 'searchChanged', query }),
    dispose() {
      clearTimeout(searchTimer)
      searchRequest?.abort()
      requests.abort()
    },
  }
}
