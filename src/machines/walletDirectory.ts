import type { DirectoryWallet } from '../directory/directoryWallet'

/** Where a list of the directory stands. `failed` is never "no wallets": the error says why. */
export type DirectoryStatus = 'idle' | 'loading' | 'ready' | 'failed'

/** A search of the directory: `waiting` is the 300 ms pause before asking (SPEC §9). */
export interface DirectorySearchState {
  query: string
  status: 'idle' | 'waiting' | 'loading' | 'ready' | 'failed'
  wallets: DirectoryWallet[]
  error: Error | undefined
}

/** State of the wallet directory reducer: the pages read so far, and the search. */
export interface DirectoryState {
  status: DirectoryStatus
  /** Every wallet of the pages read so far, in directory order, each id once. */
  wallets: DirectoryWallet[]
  /** The directory's total; undefined until the first page arrives. */
  count: number | undefined
  /** The last page read (1-based); 0 before the first. */
  page: number
  /** The page being read, if any. */
  loadingPage: number | undefined
  error: Error | undefined
  search: DirectorySearchState
}

/** Events of the wallet directory reducer. */
export type DirectoryEvent =
  /** Read the next page, unless one is being read or every wallet is here. */
  | { type: 'loadMore' }
  | { type: 'pageLoaded'; page: number; wallets: DirectoryWallet[]; count: number }
  | { type: 'pageFailed'; page: number; error: Error }
  /** After a failure: read the page that failed again. */
  | { type: 'retry' }
  /** The visitor typed; an empty query ends the search. */
  | { type: 'searchChanged'; query: string }
  /** The pause after typing ended for `query`: ask the directory. */
  | { type: 'searchStarted'; query: string }
  | { type: 'searchLoaded'; query: string; wallets: DirectoryWallet[] }
  | { type: 'searchFailed'; query: string; error: Error }

const idleSearch: DirectorySearchState = {
  query: '',
  status: 'idle',
  wallets: [],
  error: undefined,
}

/** The state a directory list starts in: nothing read, no search. */
export function initialDirectoryState(): DirectoryState {
  return {
    status: 'idle',
    wallets: [],
    count: undefined,
    page: 0,
    loadingPage: undefined,
    error: undefined,
    search: idleSearch,
  }
}

/** Whether the directory holds wallets not read yet. */
export function hasMoreWallets(state: DirectoryState): boolean {
  return state.count === undefined || state.wallets.length < state.count
}

function appendUnique(wallets: DirectoryWallet[], more: DirectoryWallet[]): DirectoryWallet[] {
  const seen = new Set(wallets.map((wallet) => wallet.id))
  const added = more.filter((wallet) => !seen.has(wallet.id) && seen.add(wallet.id))
  return added.length === 0 ? wallets : [...wallets, ...added]
}

function searchReducer(state: DirectorySearchState, event: DirectoryEvent): DirectorySearchState {
  switch (event.type) {
    case 'searchChanged': {
      const query = event.query.trim()
      if (query === '') return state.status === 'idle' ? state : idleSearch
      if (query === state.query && state.status !== 'failed') return state
      return { query, status: 'waiting', wallets: state.wallets, error: undefined }
    }
    case 'searchStarted':
      if (event.query !== state.query || state.status !== 'waiting') return state
      return { ...state, status: 'loading' }
    case 'searchLoaded':
      if (event.query !== state.query || state.status !== 'loading') return state
      return { ...state, status: 'ready', wallets: event.wallets }
    case 'searchFailed':
      if (event.query !== state.query || state.status !== 'loading') return state
      return { ...state, status: 'failed', wallets: [], error: event.error }
    default:
      return state
  }
}

/**
 * The wallet directory as a pure machine: pages read one at a time in order (a late answer for a
 * page nobody asks for any more is ignored), a failure kept as its error with the wallets already
 * read, and a search whose answers count only for the query still typed.
 */
export function directoryReducer(state: DirectoryState, event: DirectoryEvent): DirectoryState {
  switch (event.type) {
    case 'loadMore':
      if (state.loadingPage !== undefined || state.status === 'failed' || !hasMoreWallets(state))
        return state
      return { ...state, status: 'loading', loadingPage: state.page + 1, error: undefined }
    case 'retry':
      if (state.status !== 'failed') return state
      return { ...state, status: 'loading', loadingPage: state.page + 1, error: undefined }
    case 'pageLoaded': {
      if (event.page !== state.loadingPage) return state
      const wallets = appendUnique(state.wallets, event.wallets)
      return {
        ...state,
        status: 'ready',
        wallets,
        // A page that brings no new wallet (empty, or a directory repeating itself: plan I3) ends
        // the list whatever the count said; otherwise the list would ask page after page.
        count: wallets === state.wallets ? state.wallets.length : event.count,
        page: event.page,
        loadingPage: undefined,
      }
    }
    case 'pageFailed':
      if (event.page !== state.loadingPage) return state
      return { ...state, status: 'failed', loadingPage: undefined, error: event.error }
    default: {
      const search = searchReducer(state.search, event)
      return search === state.search ? state : { ...state, search }
    }
  }
}
