import { UserRejectedRequestError } from 'viem'
import { InvalidSolanaClusterError } from '../../src/errors/InvalidSolanaClusterError'
import {
  initialSolanaAccountState,
  type SolanaAccountEvent,
  type SolanaAccountState,
  solanaAccountReducer,
} from '../../src/machines/solanaAccount'
import { parseCommitment } from '../../src/solana/commitment'
import { resolveSolanaClusters, type SolanaCluster } from '../../src/solana/solanaClusters'
import { createMachineStore } from '../../src/stores/createMachineStore'
import { createLoader } from '../../src/utils/createLoader'
import {
  findLinkedWallets,
  type LinkedSolanaWallet,
  type LinkedSolanaWalletContext,
} from './linkedSolanaWallet'
import type { CreateSolanaAdapterParameters, SolanaAdapter } from './solanaAdapterTypes'
import type { SolanaWallet } from './solanaWallets'

const none: readonly SolanaWallet[] = []

/** Where the session remembers the wallet and the cluster (`latchkey.solana.wallet`, `….cluster`). */
const storagePrefix = 'latchkey.solana'

/**
 * Whether `storage` (the adapter's `storage` option, read as the session's storage reads it) holds
 * a remembered wallet or cluster. Presence only: the session parses the values and drops bad ones.
 * A storage that throws holds nothing (the session would fall back to memory).
 */
function remembersAny(storage: CreateSolanaAdapterParameters['storage']): boolean {
  try {
    const source = storage === undefined ? globalThis.localStorage : storage
    const backing = typeof source === 'function' ? source() : source
    if (!backing) return false
    return ['wallet', 'cluster'].some((key) => {
      const raw: unknown = backing.getItem(`${storagePrefix}.${key}`)
      return raw !== null && raw !== undefined
    })
  } catch {
    return false
  }
}

/**
 * Creates the Solana adapter: Wallet Standard discovery, the Solana account state (beside
 * wagmi's eip155 one), signing and sending through the connected wallet, and balance reads from
 * the cluster's RPC. What this file holds is the shell (state, clusters, the switch); everything
 * that reaches out (wallets, storage, the RPC, `@wallet-standard/app`, an optional peer) loads
 * with `import()` on first use, so an app's first bundle grows by the shell only. A reconnect
 * with nothing remembered (a first visit) loads nothing.
 * @example
 * const solana = createSolanaAdapter({ clusters: ['mainnet', 'devnet'] })
 * await solana.connect({ wallet: 'Phantom' })
 * const lamports = await solana.getBalance()
 */
export function createSolanaAdapter(parameters: CreateSolanaAdapterParameters = {}): SolanaAdapter {
  const clusters = resolveSolanaClusters(parameters.clusters)
  const commitment = parseCommitment(parameters.commitment ?? 'confirmed')
  const first = clusters[0] as SolanaCluster
  const clusterOf = (id: string) => clusters.find((cluster) => cluster.id === id)
  if (parameters.cluster !== undefined && !clusterOf(parameters.cluster))
    throw new InvalidSolanaClusterError({
      cluster: parameters.cluster,
      reason: 'it is not in clusters',
    })
  // A chunk that failed to load (offline for a moment) is asked for again by the next call.
  const sessions = createLoader(() =>
    import('./createSolanaSession').then(({ createSolanaSession }) =>
      createSolanaSession({
        parameters,
        store,
        dispatch,
        cluster,
        hasCluster: (id) => clusterOf(id) !== undefined,
        commitment,
        storagePrefix,
        toRejection: (cause) => new UserRejectedRequestError(cause),
        linked: () => linked,
      }),
    ),
  )
  const load = () => sessions.load()
  let linked: readonly LinkedSolanaWallet[] = []
  const linkContext: LinkedSolanaWalletContext = {
    clusters,
    cluster: () => cluster(),
    async getCaipNetworkId(id) {
      const target = clusterOf(id)
      if (!target)
        throw new InvalidSolanaClusterError({ cluster: id, reason: 'it is not in clusters' })
      return (await load()).caipNetworkIdOf(target)
    },
  }

  const { store, dispatch } = createMachineStore<SolanaAccountState, SolanaAccountEvent>({
    reducer: solanaAccountReducer,
    initialState: initialSolanaAccountState(parameters.cluster ?? first.id),
    // Effects (storage, wallet events) run in the session, in event order once it is loaded.
    onChange(state, previous, event) {
      const session = sessions.value
      if (session) session.onChange(state, previous, event)
      else
        load()
          .then((loaded) => loaded.onChange(state, previous, event))
          .catch(() => undefined)
    },
  })
  const cluster = () => clusterOf(store.getState().cluster) ?? first

  return {
    clusters,
    getState: store.getState,
    subscribe: store.subscribe,
    getCluster: cluster,
    getWallets: () => sessions.value?.getWallets() ?? none,
    watchWallets(listener) {
      let off: (() => void) | undefined
      let stopped = false
      load()
        .then((loaded) => {
          if (!stopped) off = loaded.watchWallets(listener)
        })
        .catch(() => undefined)
      return () => {
        stopped = true
        off?.()
      }
    },
    linkConnectors(connectors) {
      linked = findLinkedWallets(connectors)
      for (const wallet of linked) wallet.link(linkContext)
      sessions.value?.relink()
    },
    switchCluster({ cluster: id }) {
      const next = clusterOf(id)
      if (!next)
        throw new InvalidSolanaClusterError({ cluster: id, reason: 'it is not in clusters' })
      dispatch({ type: 'clusterChanged', cluster: id })
      return next
    },
    connect: async (request) => (await load()).connect(request),
    // Nothing remembered (a first visit, or a `null` storage): nothing to restore, nothing to load.
    reconnect: async () => {
      if (sessions.started || remembersAny(parameters.storage)) await (await load()).reconnect()
    },
    disconnect: async () => (await load()).disconnect(),
    signMessage: async (request) => (await load()).signMessage(request),
    signTransaction: async (request) => (await load()).signTransaction(request),
    signAndSendTransaction: async (request) => (await load()).signAndSendTransaction(request),
    confirmTransaction: async (request) => (await load()).confirmTransaction(request),
    getBalance: async (request) => (await load()).getBalance(request),
    getTokenBalances: async (request) => (await load()).getTokenBalances(request),
    getAccountInfo: async (request) => (await load()).getAccountInfo(request),
    getMinimumBalanceForRentExemption: async (request) =>
      (await load()).getMinimumBalanceForRentExemption(request),
    getLatestBlockhash: async (request) => (await load()).getLatestBlockhash(request),
    getCaipNetworkId: async () => (await load()).getCaipNetworkId(),
  }
}
