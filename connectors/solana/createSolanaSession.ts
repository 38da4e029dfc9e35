// The part of the Solana adapter that talks to wallets, storage and the RPC, loaded with
// `import()` on first need (a reconnect with something remembered, `watchWallets`, `connect`…),
// so an app's first bundle holds only the adapter's shell (createSolanaAdapter.ts): state,
// clusters, the switch. Of the first bundle's modules it reaches only some whose chunk it takes
// whole (the errors with `createLoader`, zustand with `createMachineStore`) and nothing of viem
// (walletRequest.ts): a lazy chunk reaching part of a first-bundle chunk splits it in two, one
// more file before any click (docs/contracts.md).
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import { SolanaFeatureNotSupportedError } from '../../src/errors/SolanaFeatureNotSupportedError'
import { SolanaWalletNotConnectedError } from '../../src/errors/SolanaWalletNotConnectedError'
import { SolanaWalletNotFoundError } from '../../src/errors/SolanaWalletNotFoundError'
import type { SolanaAccountEvent, SolanaAccountState } from '../../src/machines/solanaAccount'
import type { CaipNetworkId } from '../../src/networks'
import { asSchema, string } from '../../src/schemas/guard'
import { type Commitment, type CommitmentInput, parseCommitment } from '../../src/solana/commitment'
import { isSolanaAddress, parseSolanaAddress } from '../../src/solana/solanaAddress'
import type { SolanaCluster } from '../../src/solana/solanaClusters'
import { createValidatedStorage } from '../../src/storage/createValidatedStorage'
import type { ReadonlyStore } from '../../src/stores/createMachineStore'
import { confirmSolanaTransaction } from './confirmSolanaTransaction'
import { createSolanaDiscovery } from './createSolanaDiscovery'
import type { LinkedSolanaWallet } from './linkedSolanaWallet'
import type { CreateSolanaAdapterParameters, SolanaAdapter } from './solanaAdapterTypes'
import {
  fetchAccountInfo,
  fetchBalance,
  fetchGenesisHash,
  fetchLatestBlockhash,
  fetchMinimumBalanceForRentExemption,
  fetchTokenAccounts,
} from './solanaRpc'
import { signAndSendTransaction, signMessage, signTransaction } from './solanaSigning'
import { getReadyState } from './solanaWallets'
import { sumTokenBalances } from './sumTokenBalances'
import { type ToRejection, walletRequest } from './walletRequest'
import type { StandardAccount, StandardWallet } from './walletStandardTypes'

// Hand-written guards in zod's shape (src/schemas/guard.ts): two strings need no zod.
const storedSchemas = {
  wallet: asSchema(string([(value) => value.length >= 1 && value.length <= 128, undefined])),
  cluster: asSchema(string([(value) => /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/.test(value), undefined])),
}

/** The Solana addresses among a wallet's accounts, in its order (anything else is dropped). */
function solanaAddresses(accounts: unknown): string[] {
  if (!Array.isArray(accounts)) return []
  const addresses = accounts
    .map((account) => (account as StandardAccount | null)?.address)
    .filter(isSolanaAddress)
  return [...new Set(addresses)]
}

/** What the shell hands the session. */
export interface SolanaSessionContext {
  parameters: CreateSolanaAdapterParameters
  store: ReadonlyStore<SolanaAccountState>
  dispatch(event: SolanaAccountEvent): void
  cluster(): SolanaCluster
  hasCluster(id: string): boolean
  commitment: Commitment
  /** Prefix of the keys the wallet and cluster are remembered under (the shell peeks at them). */
  storagePrefix: string
  /** Makes a decline viem's `UserRejectedRequestError` (see `ToRejection`). */
  toRejection: ToRejection
  /** The wallets linked from wagmi's connectors (`adapter.linkConnectors`). */
  linked(): readonly LinkedSolanaWallet[]
}

type SessionMethods = Pick<
  SolanaAdapter,
  | 'getWallets'
  | 'watchWallets'
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'signMessage'
  | 'signTransaction'
  | 'signAndSendTransaction'
  | 'confirmTransaction'
  | 'getBalance'
  | 'getTokenBalances'
  | 'getAccountInfo'
  | 'getMinimumBalanceForRentExemption'
  | 'getLatestBlockhash'
  | 'getCaipNetworkId'
>

/** The session: the adapter's methods that reach out, and the effects of each state change. */
export interface SolanaSession extends SessionMethods {
  onChange(state: SolanaAccountState, previous: SolanaAccountState, event: SolanaAccountEvent): void
  /** Lists the linked wallets again (`adapter.linkConnectors` changed them). */
  relink(): void
  /** The CAIP-2 id of a configured cluster (see `getCaipNetworkId`). */
  caipNetworkIdOf(cluster: SolanaCluster): Promise<CaipNetworkId>
}

/** Creates the session of one adapter (see createSolanaAdapter.ts). */
export function createSolanaSession(context: SolanaSessionContext): SolanaSession {
  const { parameters, store, dispatch } = context
  const reconnectTimeoutMs = parameters.reconnectTimeoutMs ?? 3000
  const storage = createValidatedStorage({
    schemas: storedSchemas,
    prefix: context.storagePrefix,
    storage: parameters.storage,
  })
  const discovery = createSolanaDiscovery(parameters.wallets ?? [], context.linked)
  let connected: StandardWallet | undefined
  /** The wallet a visitor's connect waits on (a WalletConnect QR shown), until it settles. */
  let pending: StandardWallet | undefined
  let offChange: (() => void) | undefined
  /** CAIP-2 ids read from the RPC, by cluster id (a cluster's genesis never changes). */
  const genesis = new Map<string, Promise<CaipNetworkId>>()

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
      if (!silent) pending = wallet
      const output = await walletRequest(
        'standard:connect',
        () => connect.connect(silent ? { silent: true } : undefined),
        context.toRejection,
      ).finally(() => {
        if (pending === wallet) pending = undefined
      })
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
    return {
      wallet: connected,
      account,
      cluster: context.cluster(),
      toRejection: context.toRejection,
    }
  }

  /** The account a read is about (the connected one by default) and its commitment. */
  function readTarget(options: { address?: string | undefined; commitment?: CommitmentInput }) {
    const address =
      options.address === undefined ? store.getState().address : parseSolanaAddress(options.address)
    if (!address) throw new SolanaWalletNotConnectedError()
    return { address, level: parseCommitment(options.commitment ?? context.commitment) }
  }
  return {
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
    getWallets: discovery.list,
    watchWallets(listener) {
      const off = discovery.subscribe(listener)
      discovery
        .start()
        .then(() => listener(discovery.list()))
        .catch(() => undefined)
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
      if (cluster && context.hasCluster(cluster)) dispatch({ type: 'clusterChanged', cluster })
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
      // A connect still waiting on its wallet ends too (WalletConnect drops its pairing).
      const wallet = connected ?? pending
      pending = undefined
      dispatch({ type: 'disconnect' })
      await wallet?.features['standard:disconnect']?.disconnect().catch(() => undefined)
    },
    async signMessage({ message }) {
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      return signMessage(target(), bytes)
    },
    signTransaction: async ({ transaction }) => signTransaction(target(), transaction),
    async signAndSendTransaction({ transaction, preflightCommitment, skipPreflight = false }) {
      return signAndSendTransaction(target(), transaction, {
        preflightCommitment: parseCommitment(preflightCommitment ?? context.commitment),
        skipPreflight,
      })
    },
    confirmTransaction: ({ signature, commitment, timeoutMs = 60_000, pollMs = 500 }) =>
      confirmSolanaTransaction({
        rpcUrl: context.cluster().rpcUrl,
        signature,
        commitment: parseCommitment(commitment ?? context.commitment),
        timeoutMs,
        pollMs,
      }),
    async getBalance(options = {}) {
      const { address, level } = readTarget(options)
      return fetchBalance(context.cluster().rpcUrl, address, level)
    },
    async getTokenBalances(options = {}) {
      const { address, level } = readTarget(options)
      const cluster = context.cluster()
      const accounts = await fetchTokenAccounts(cluster.rpcUrl, address, level)
      return sumTokenBalances(accounts, context.parameters.tokens?.[cluster.id] ?? [])
    },
    async getAccountInfo({ address, commitment }) {
      const level = parseCommitment(commitment ?? context.commitment)
      return fetchAccountInfo(context.cluster().rpcUrl, parseSolanaAddress(address), level)
    },
    async getMinimumBalanceForRentExemption({ space, commitment }) {
      // an account holds at most 10 MiB
      if (!Number.isInteger(space) || space < 0 || space > 10 * 1024 * 1024)
        throw new RangeError(`space must be 0 to 10 MiB in bytes, got ${space}`)
      const level = parseCommitment(commitment ?? context.commitment)
      return fetchMinimumBalanceForRentExemption(context.cluster().rpcUrl, space, level)
    },
    async getLatestBlockhash(options = {}) {
      const level = parseCommitment(options.commitment ?? context.commitment)
      return fetchLatestBlockhash(context.cluster().rpcUrl, level)
    },
    relink: discovery.relink,
    getCaipNetworkId: () => caipNetworkIdOf(context.cluster()),
    caipNetworkIdOf,
  }

  async function caipNetworkIdOf(cluster: SolanaCluster): Promise<CaipNetworkId> {
    if (cluster.caipNetworkId) return cluster.caipNetworkId
    let known = genesis.get(cluster.id)
    if (!known) {
      known = fetchGenesisHash(cluster.rpcUrl).then(
        (hash) => `solana:${hash.slice(0, 32)}` as const,
      )
      genesis.set(cluster.id, known)
      // a failed read is not kept: the next sign-in asks again
      known.catch(() => genesis.delete(cluster.id))
    }
    return known
  }
}
