/**
 * A WalletConnect wallet in Node for tests: `@walletconnect/sign-client` 2.21.8 on the wallet
 * side, approving proposals for its local chains and signing and sending with one private key
 * against anvil. Proposals and requests take faults by the test wallets' one vocabulary
 * (`test/harness/walletFaults.ts`): a proposal is `wc_sessionPropose` (in the `connect` group).
 * @example
 * const wallet = await startWcWallet({ relayUrl: relay.url, rpcUrls: { 1: anvil.rpcUrl }, account })
 * await wallet.pair(uri)
 * const session = await wallet.nextSession()
 * wallet.faults.personal_sign = once('reject') // the next signature request answers 4001
 */
import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { disableVerify } from '../../connectors/walletConnect/disableVerify'
import { enactFault } from '../harness/enactFault'
import { takeFault, type WalletFaults } from '../harness/walletFaults'
import { WalletRpcError } from '../harness/walletRpcError'
import { handleRequest, type WalletRequest } from './handleRequest'
import { handleSolanaRequest, type SolanaWalletOptions } from './handleSolanaRequest'
import { approvedNamespaces } from './namespaces'
import { createWaiters } from './waiters'

type Proposal = SignClientTypes.EventArguments['session_proposal']
type SessionRequest = SignClientTypes.EventArguments['session_request']

/** Options of `startWcWallet`. */
export interface WcWalletOptions {
  /** The relay both sides use (`ws://127.0.0.1:…`). */
  relayUrl: string
  /** Loopback RPC URL per chain id; the wallet approves exactly these chains. */
  rpcUrls: Record<number, string>
  /** Private key of the wallet's one account (anvil dev account 0 in tests). */
  account: Hex
  /** Approve every proposal as it arrives; otherwise `approveNext()` does. @default true */
  autoApprove?: boolean
  /**
   * Let sign-client hand requests over one at a time, each a second after the previous answer
   * (its default for wallets). Off, requests arrive as they come: tests stay fast.
   * @default false
   */
  queueRequests?: boolean
  /** @default 'wcwallet-<uuid>' (distinct per wallet: core is a per-prefix singleton) */
  storagePrefix?: string
  /**
   * Faults from the start, e.g. `{ wallet_addEthereumChain: 'unsupported' }` (F5). A proposal
   * honours `reject` and `hang`; a request every fault but `throwSync`, `badAccounts` and the
   * switch-only ones. @default {}
   */
  faults?: WalletFaults
  /**
   * A Solana account too: approves the `solana` chains asked for that have an RPC URL here
   * (CAIP-2 → loopback litesvm RPC), and serves WalletConnect's Solana methods. @default none
   */
  solana?: SolanaWalletOptions
}

/** A request the wallet saw and how it answered. */
export interface WalletRequestLog extends WalletRequest {
  id: number
  topic: string
  outcome: { result: unknown } | { error: { code: number; message: string } }
}

/** A running test wallet. */
export interface WcWallet {
  address: Address
  client: InstanceType<typeof SignClient>
  /** Pairs with a `wc:` URI; the proposal follows on its own. */
  pair(uri: string): Promise<void>
  /** Approves the oldest held proposal (waits for one when none is held). */
  approveNext(): Promise<SessionTypes.Struct>
  /** Resolves with the next session this wallet settles (or the newest one already made). */
  nextSession(): Promise<SessionTypes.Struct>
  /** The wallet's faults, read on every proposal and request (see `test/harness/walletFaults.ts`). */
  faults: WalletFaults
  /** Requests held under `hang` (an app that never shows them). */
  unanswered: (WalletRequest & { id: number; topic: string })[]
  /** Answers the requests held under `hang`, oldest first (late answers), whatever the faults. */
  answerHeld(): Promise<void>
  /** Requests seen so far, in order, with their answers. */
  requests: WalletRequestLog[]
  /** Topics of sessions the dapp deleted. */
  deleted: string[]
  /** Resolves when the dapp deletes `topic`. */
  waitForDelete(topic: string): Promise<void>
  /** Active sessions. */
  sessions(): SessionTypes.Struct[]
  /** Ends a session from the wallet side. */
  disconnect(topic: string): Promise<void>
  /** Emits a session event (`chainChanged`, `accountsChanged`) to the dapp. */
  emit(topic: string, name: string, data: unknown, chainId: number): Promise<void>
  stop(): Promise<void>
}

/** Starts a test wallet connected to `relayUrl`. */
export async function startWcWallet(options: WcWalletOptions): Promise<WcWallet> {
  const { relayUrl, rpcUrls, autoApprove = true, queueRequests = false } = options
  const account = privateKeyToAccount(options.account)
  const chainIds = Object.keys(rpcUrls).map(Number)
  const client = await SignClient.init({
    projectId: '0'.repeat(32),
    relayUrl,
    customStoragePrefix: options.storagePrefix ?? `wcwallet-${randomUUID()}`,
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: !queueRequests },
    metadata: {
      name: 'Latchkey test wallet',
      description: 'WalletConnect wallet for tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  // Verify off on this client only (the wallet side would fetch verify.walletconnect.org).
  disableVerify(client.core)

  const proposals = createWaiters<Proposal>()
  const sessions = createWaiters<SessionTypes.Struct>()
  const deletes = createWaiters<string>()
  const requests: WalletRequestLog[] = []
  const deleted: string[] = []
  let faults: WalletFaults = options.faults ?? {}
  const unanswered: WcWallet['unanswered'] = []
  const held: SessionRequest[] = []

  const approve = async (proposal: Proposal) => {
    const { acknowledged } = await client.approve({
      id: proposal.id,
      namespaces: approvedNamespaces(
        proposal.params,
        chainIds,
        account.address,
        options.solana && {
          address: options.solana.signer.address,
          chains: Object.keys(options.solana.rpcUrls),
        },
      ),
    })
    const session = await acknowledged()
    sessions.push(session)
    return session
  }

  client.on('session_proposal', (proposal) => {
    const fault = takeFault(faults, 'wc_sessionPropose')?.fault
    if (fault === 'hang') return
    if (fault === 'reject') {
      client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') }).catch(() => {})
      return
    }
    if (autoApprove) approve(proposal).catch(() => {})
    else proposals.push(proposal)
  })

  const answer = async ({ id, topic, params }: SessionRequest, late = false) => {
    const request = { ...params.request, chainId: params.chainId }
    const hit = late ? undefined : takeFault(faults, request.method)
    if (hit?.fault === 'hang') {
      unanswered.push({ id, topic, ...request })
      held.push({ id, topic, params } as SessionRequest)
      return
    }
    let outcome: WalletRequestLog['outcome']
    try {
      const fault = await enactFault(hit, request.method)
      const context = {
        account,
        rpcUrls,
        onSwitchChain: (chainId: number) => wallet.emit(topic, 'chainChanged', chainId, chainId),
      }
      const solana = options.solana
      const handled =
        solana && request.method.startsWith('solana_')
          ? handleSolanaRequest(solana, request)
          : handleRequest(context, request)
      outcome = { result: fault === 'answerNull' ? null : await handled }
    } catch (error) {
      const code = error instanceof WalletRpcError ? error.code : -32603
      outcome = { error: { code, message: (error as Error).message } }
    }
    requests.push({ id, topic, ...request, outcome })
    await client.respond({ topic, response: { id, jsonrpc: '2.0', ...outcome } })
  }

  client.on('session_request', (event) => {
    answer(event).catch(() => {})
  })
  client.on('session_delete', ({ topic }) => {
    deleted.push(topic)
    deletes.push(topic)
  })

  const wallet: WcWallet = {
    address: account.address,
    client,
    async pair(uri) {
      await client.core.pairing.pair({ uri })
    },
    async approveNext() {
      return approve(await proposals.next())
    },
    nextSession: () => sessions.next(),
    get faults() {
      return faults
    },
    set faults(next) {
      faults = next
    },
    unanswered,
    async answerHeld() {
      for (const event of held.splice(0)) await answer(event, true)
    },
    requests,
    deleted,
    waitForDelete: (topic) => deletes.until((seen) => seen === topic).then(() => {}),
    sessions: () => client.session.getAll(),
    async disconnect(topic) {
      await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
    },
    async emit(topic, name, data, chainId) {
      await client.emit({ topic, event: { name, data }, chainId: `eip155:${chainId}` })
    },
    async stop() {
      await client.core.relayer.transportClose().catch(() => {})
      client.core.heartbeat.stop()
    },
  }
  return wallet
}
