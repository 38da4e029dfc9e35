import * as z from 'zod/mini'
import { InvalidSolanaClusterError } from '../../src/errors/InvalidSolanaClusterError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import { SolanaFeatureNotSupportedError } from '../../src/errors/SolanaFeatureNotSupportedError'
import { SolanaWalletNotConnectedError } from '../../src/errors/SolanaWalletNotConnectedError'
import { SolanaWalletNotFoundError } from '../../src/errors/SolanaWalletNotFoundError'
import {
  initialSolanaAccountState,
  type SolanaAccountEvent,
  type SolanaAccountState,
  solanaAccountReducer,
} from '../../src/machines/solanaAccount'
import { parseCommitment } from '../../src/solana/commitment'
import { isSolanaAddress, parseSolanaAddress } from '../../src/solana/solanaAddress'
import { resolveSolanaClusters, type SolanaCluster } from '../../src/solana/solanaClusters'
import { createValidatedStorage } from '../../src/storage/createValidatedStorage'
import { createMachineStore } from '../../src/stores/createMachineStore'
import { createSolanaDiscovery } from './createSolanaDiscovery'
import type { CreateSolanaAdapterParameters, SolanaAdapter } from './solanaAdapterTypes'
import { fetchBalance, fetchLatestBlockhash } from './solanaRpc'
import { signAndSendTransaction, signMessage, signTransaction } from './solanaSigning'
import { getReadyState } from './solanaWallets'
import { walletRequest } from './walletRequest'
import type { StandardAccount, StandardWallet } from './walletStandardTypes'

const storedSchemas = {
  wallet: z.string().check(z.minLength(1), z.maxLength(128)),
  cluster: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/)),
}

/** The Solana addresses among a wallet's accounts, in its order (anything else is dropped). */
function solanaAddresses(accounts: unknown): string[] {
  if (!Array.isArray(accounts)) return []
  const addresses = accounts
    .map((account) => (account as StandardAccount | null)?.address)
    .filter(isSolanaAddress)
  return [...new Set(addresses)]
}

/**
 * Creates the Solana adapter: Wallet Standard discovery, the Solana account state (beside
 * wagmi's eip155 one), signing and sending through the connected wallet, and balance reads from
 * the cluster's RPC. Nothing is loaded or read from the page until first used: discovery loads
 * `@wallet-standard/app` (an optional peer) on `watchWallets`, `connect` or `reconnect`.
 * @example
 * const solana = createSolanaAdapter({ clusters: ['mainnet', 'devnet'] })
 * await solana.connect({ wallet: 'Phantom' })
 * const lamports = await solana.getBalance()
 */
export function createSolanaAdapter(parameters: CreateSolanaAdapterParameters = {}): SolanaAdapter {
  const clusters = resolveSolanaClusters(parameters.clusters)
  const commitment = parseCommitment(parameters.commitment ?? 'confirmed')
  const reconnectTimeoutMs = parameters.reconnectTimeoutMs ?? 3000
  const first = clusters[0] as SolanaCluster
  const clusterOf = (id: string) => clusters.find((cluster) => cluster.id === id)
  if (parameters.cluster !== undefined && !clusterOf(parameters.cluster))
    throw new InvalidSolanaClusterError({
      cluster: parameters.cluster,
      reason: 'it is not in clusters',
    })
  const storage = createValidatedStorage({
    schemas: storedSchemas,
    prefix: 'latchkey.solana',
    storage: parameters.storage,
  })
  const discovery = createSolanaDiscovery(parameters.wallets ?? [])
  let connected: StandardWallet | undefined
  let offChange: (() => void) | undefined

  const { store, dispatch } = createMachineStore<SolanaAccountState, SolanaAccountEvent>({
    reducer: solanaAccountReducer,
    initialState: initialSolanaAccountState(parameters.cluster ?? first.id),
    onChange(state, previous, event) {
      if (event.type === 'clusterChanged') storage.set('cluster', state.cluster)
      if (state.status === 'connected' && previous.status !== 'connected' && state.wallet)
        storage.set('wallet', state.wallet)
      // Forget the wallet when the visitor leaves or the wallet says no; a silent reconnect that
      // failed (wallet slow to load, busy) keeps it for the next reload.
      const forget =
        event.type === 'disconnect' ||
        event.type === 'connect' ||
        (event.type === 'accountsChanged' && state.status === 'disconnected') ||
        (event.type === 'connected' && state.status === 'disconnected')
      if (forget) storage.remove('wallet')
      if (state.status !== 'connected') unwatchAccounts()
    },
  })

  function unwatchAccounts() {
    offChange?.()
    offChange = undefined
    connected = undefined
  }

  function watchAccounts(wallet: StandardWallet) {
    unwatchAccounts()
    connected = wallet
    offChange = wallet.features['standard:events']?.on('change', ({ accounts }) => {
      if (accounts !== undefined)
        dispatch({ type: 'accountsChanged', addresses: solanaAddresses(accounts) })
    })
  }

  // One connect attempt (a visitor's or a silent one) against a wallet already found.
  async function run(wallet: StandardWallet, silent: boolean) {
    const { attempt } = store.getState()
    try {
      const connect = wallet.features['standard:connect']
      if (!connect)
        throw new SolanaFeatureNotSupportedError({
          wallet: wallet.name,
          feature: 'standard:connect',
        })
      const output = await walletRequest('standard:connect', () =>
        connect.connect(silent ? { silent: true } : undefined),
      )
      const addresses = solanaAddresses(output?.accounts ?? wallet.accounts)
      dispatch({ type: 'connected', attempt, addresses })
      const state = store.getState()
      if (state.attempt === attempt && state.status === 'connected') watchAccounts(wallet)
      if (addresses.length === 0 && !silent) throw new NoAccountsFoundError()
      return addresses
    } catch (error) {
      dispatch({ type: 'failed', attempt, error: error as Error })
      throw error
    }
  }

  function target() {
    const state = store.getState()
    const account = connected?.accounts.find((candidate) => candidate.address === state.address)
    if (state.status !== 'connected' || !connected || !account)
      throw new SolanaWalletNotConnectedError()
    return { wallet: connected, account, cluster: clusterOf(state.cluster) ?? first }
  }

  return {
    clusters,
    getState: store.getState,
    subscribe: store.subscribe,
    getCluster: () => clusterOf(store.getState().cluster) ?? first,
    getWallets: discovery.list,
    watchWallets(listener) {
      const off = discovery.subscribe(listener)
      discovery.start().catch(() => undefined)
      return off
    },
    async connect({ wallet: name }) {
      const wallet = await discovery.find(name, 0)
      if (!wallet) throw new SolanaWalletNotFoundError({ wallet: name })
      if (getReadyState(wallet) !== 'Installed')
        throw new SolanaFeatureNotSupportedError({ wallet: name, feature: 'connecting' })
      dispatch({ type: 'connect', wallet: name })
      const addresses = await run(wallet, false)
      return { address: addresses[0] as string, addresses }
    },
    async reconnect() {
      const cluster = storage.get('cluster')
      if (cluster && clusterOf(cluster)) dispatch({ type: 'clusterChanged', cluster })
      const name = storage.get('wallet')
      if (!name || store.getState().status !== 'disconnected') return
      dispatch({ type: 'reconnect', wallet: name })
      const { attempt } = store.getState()
      const wallet = await discovery.find(name, reconnectTimeoutMs).catch(() => undefined)
      if (!wallet || getReadyState(wallet) !== 'Installed') {
        dispatch({
          type: 'failed',
          attempt,
          error: new SolanaWalletNotFoundError({ wallet: name }),
        })
        return
      }
      await run(wallet, true).catch(() => undefined)
    },
    async disconnect() {
      const wallet = connected
      dispatch({ type: 'disconnect' })
      await wallet?.features['standard:disconnect']?.disconnect().catch(() => undefined)
    },
    switchCluster({ cluster: id }) {
      const cluster = clusterOf(id)
      if (!cluster)
        throw new InvalidSolanaClusterError({ cluster: id, reason: 'it is not in clusters' })
      dispatch({ type: 'clusterChanged', cluster: id })
      return cluster
    },
    async signMessage({ message }) {
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      return signMessage(target(), bytes)
    },
    signTransaction: async ({ transaction }) => signTransaction(target(), transaction),
    async signAndSendTransaction({ transaction, preflightCommitment, skipPreflight = false }) {
      return signAndSendTransaction(target(), transaction, {
        preflightCommitment: parseCommitment(preflightCommitment ?? commitment),
        skipPreflight,
      })
    },
    async getBalance(options = {}) {
      const address =
        options.address === undefined
          ? store.getState().address
          : parseSolanaAddress(options.address)
      if (!address) throw new SolanaWalletNotConnectedError()
      const level = parseCommitment(options.commitment ?? commitment)
      return fetchBalance(
        clusterOf(store.getState().cluster)?.rpcUrl ?? first.rpcUrl,
        address,
        level,
      )
    },
    async getLatestBlockhash(options = {}) {
      const level = parseCommitment(options.commitment ?? commitment)
      return fetchLatestBlockhash(
        clusterOf(store.getState().cluster)?.rpcUrl ?? first.rpcUrl,
        level,
      )
    },
  }
}
