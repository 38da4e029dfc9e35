/**
 * Where the Solana connection stands, in wagmi's words: `connecting` (the visitor asked),
 * `reconnecting` (silently, after a reload), `connected`, `disconnected`.
 */
export type SolanaAccountStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/**
 * The Solana namespace's account state, kept beside wagmi's (which holds eip155): switching the
 * modal between namespaces never touches the other one's connection.
 */
export interface SolanaAccountState {
  status: SolanaAccountStatus
  /** The wallet connected or being connected (its Wallet Standard name). */
  wallet: string | undefined
  /** The active account (the first the wallet gave), when connected. */
  address: string | undefined
  /** Every account the wallet gave, the active one first. */
  addresses: readonly string[]
  /** Id of the cluster reads and signatures are for (`mainnet`, `devnet`, …). */
  cluster: string
  /**
   * Id of the latest connect attempt: results are tagged with theirs and older ones are stale.
   * A disconnect also moves it on, so a connect still pending in the wallet cannot land after it.
   */
  attempt: number
  /** Why the last connect failed (a visitor's connect only; a silent reconnect fails quietly). */
  error: Error | undefined
}

/** Events of the Solana account reducer. */
export type SolanaAccountEvent =
  /** The visitor connects a wallet; a pending attempt is superseded. */
  | { type: 'connect'; wallet: string }
  /** A reload found a remembered wallet: ask it silently. Only from `disconnected`. */
  | { type: 'reconnect'; wallet: string }
  /** The wallet answered the attempt with its accounts (none: it did not authorize us). */
  | { type: 'connected'; attempt: number; addresses: readonly string[] }
  | { type: 'failed'; attempt: number; error: Error }
  /** The wallet's `change` event: accounts added, removed or reordered (none: locked). */
  | { type: 'accountsChanged'; addresses: readonly string[] }
  | { type: 'disconnect' }
  | { type: 'clusterChanged'; cluster: string }

/** The state an adapter starts in: disconnected, on `cluster`. */
export function initialSolanaAccountState(cluster: string): SolanaAccountState {
  return {
    status: 'disconnected',
    wallet: undefined,
    address: undefined,
    addresses: [],
    cluster,
    attempt: 0,
    error: undefined,
  }
}

function disconnected(state: SolanaAccountState, error?: Error): SolanaAccountState {
  return { ...initialSolanaAccountState(state.cluster), attempt: state.attempt, error }
}

function isPending(state: SolanaAccountState, attempt: number): boolean {
  return (
    (state.status === 'connecting' || state.status === 'reconnecting') && attempt === state.attempt
  )
}

/** Pure reducer of the Solana account: `(state, event) => state`; wallet calls live in the adapter. */
export function solanaAccountReducer(
  state: SolanaAccountState,
  event: SolanaAccountEvent,
): SolanaAccountState {
  switch (event.type) {
    case 'connect':
      return {
        ...disconnected(state),
        status: 'connecting',
        wallet: event.wallet,
        attempt: state.attempt + 1,
      }
    case 'reconnect':
      if (state.status !== 'disconnected') return state
      return {
        ...disconnected(state),
        status: 'reconnecting',
        wallet: event.wallet,
        attempt: state.attempt + 1,
      }
    case 'connected': {
      if (!isPending(state, event.attempt)) return state
      const [address] = event.addresses
      if (address === undefined) return disconnected(state)
      return {
        ...state,
        status: 'connected',
        address,
        addresses: event.addresses,
        error: undefined,
      }
    }
    case 'failed':
      if (!isPending(state, event.attempt)) return state
      return disconnected(state, state.status === 'connecting' ? event.error : undefined)
    case 'accountsChanged': {
      if (state.status !== 'connected') return state
      if (event.addresses.length === 0) return disconnected(state)
      // The active account stays while the wallet still gives it; otherwise its new first one.
      const address =
        state.address !== undefined && event.addresses.includes(state.address)
          ? state.address
          : (event.addresses[0] as string)
      const addresses = [address, ...event.addresses.filter((other) => other !== address)]
      if (address === state.address && sameList(addresses, state.addresses)) return state
      return { ...state, address, addresses }
    }
    case 'disconnect':
      if (state.status === 'disconnected' && state.error === undefined) return state
      return { ...disconnected(state), attempt: state.attempt + 1 }
    case 'clusterChanged':
      return event.cluster === state.cluster ? state : { ...state, cluster: event.cluster }
    default: {
      const _: never = event
      return state
    }
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}
