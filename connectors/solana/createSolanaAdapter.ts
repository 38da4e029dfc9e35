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
import type { SolanaSession } from './createSolanaSession'
import type { CreateSolanaAdapterParameters, SolanaAdapter } from './solanaAdapterTypes'
import type { SolanaWallet } from './solanaWallets'

const none: readonly SolanaWallet[] = []

/**
 * Creates the Solana adapter: Wallet Standard discovery, the Solana account state (beside
 * wagmi's eip155 one), signing and sending through the connected wallet, and balance reads from
 * the cluster's RPC. What this file holds is the shell (state, clusters, the switch); everything
 * that reaches out (wallets, storage, the RPC, `@wallet-standard/app`, an optional peer) loads
 * with `import()` on first use, so an app's first bundle grows by the shell only.
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
  let session: SolanaSession | undefined
  let loading: Promise<SolanaSession> | undefined

  const { store, dispatch } = createMachineStore<SolanaAccountState, SolanaAccountEvent>({
    reducer: solanaAccountReducer,
    initialState: initialSolanaAccountState(parameters.cluster ?? first.id),
    // Effects (storage, wallet events) run in the session, in event order once it is loaded.
    onChange(state, previous, event) {
      if (session) session.onChange(state, previous, event)
      else
        load()
          .then((loaded) => loaded.onChange(state, previous, event))
          .catch(() => undefined)
    },
  })
  const cluster = () => clusterOf(store.getState().cluster) ?? first

  function load(): Promise<SolanaSession> {
    loading ??= import('./createSolanaSession').then(({ createSolanaSession }) => {
      session = createSolanaSession({
        parameters,
        store,
        dispatch,
        cluster,
        hasCluster: (id) => clusterOf(id) !== undefined,
        commitment,
      })
      return session
    })
    // A chunk that failed to load (offline for a moment) is asked for again by the next call.
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  return {
    clusters,
    getState: store.getState,
    subscribe: store.subscribe,
    getCluster: cluster,
    getWallets: () => session?.getWallets() ?? none,
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
    switchCluster({ cluster: id }) {
      const next = clusterOf(id)
      if (!next)
        throw new InvalidSolanaClusterError({ cluster: id, reason: 'it is not in clusters' })
      dispatch({ type: 'clusterChanged', cluster: id })
      return next
    },
    connect: async (request) => (await load()).connect(request),
    reconnect: async () => (await load()).reconnect(),
    disconnect: async () => (await load()).disconnect(),
    signMessage: async (request) => (await load()).signMessage(request),
    signTransaction: async (request) => (await load()).signTransaction(request),
    signAndSendTransaction: async (request) => (await load()).signAndSendTransaction(request),
    getBalance: async (request) => (await load()).getBalance(request),
    getTokenBalances: async (request) => (await load()).getTokenBalances(request),
    getAccountInfo: async (request) => (await load()).getAccountInfo(request),
    getMinimumBalanceForRentExemption: async (request) =>
      (await load()).getMinimumBalanceForRentExemption(request),
    getLatestBlockhash: async (request) => (await load()).getLatestBlockhash(request),
    getCaipNetworkId: async () => (await load()).getCaipNetworkId(),
  }
}
