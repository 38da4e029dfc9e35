/**
 * The injected test wallet: an EIP-1193 provider announced by EIP-6963, backed by anvil dev
 * account 0 (unlocked on anvil, so signing and sending are forwarded to the node).
 * Runs in the page as a plain script (built to an IIFE by `buildTestWallet.ts`).
 * Faults come from `window.__latchkeyTestWallet`, a `WalletFaults` map read on every request (the
 * vocabulary in `test/harness/walletFaults.ts`); `switch` faults apply to the switch and the add.
 * @see https://eips.ethereum.org/EIPS/eip-1193
 * @see https://eips.ethereum.org/EIPS/eip-6963
 */
import { enactFault } from '../harness/enactFault'
import {
  type FaultHit,
  faultGroups,
  takeFault,
  type WalletFault,
  type WalletFaults,
} from '../harness/walletFaults'
import { WalletRpcError } from '../harness/walletRpcError'
import { readState, saveState, storageKey } from './testWalletState'

/** Test-only controls on `window.__latchkeyTestWalletControl`. */
export interface TestWalletControl {
  /** Every method requested so far, in order (to count prompts and round trips). */
  calls(): string[]
  /** The user disconnects in the wallet: `accountsChanged([])`, and forgotten on reload. */
  lock(): void
  /**
   * Emits a provider event as the wallet would (`chainChanged`, `disconnect`, …). A non-empty
   * `accountsChanged` also switches the wallet's account (an anvil dev account signs for it).
   */
  emit(event: string, ...args: unknown[]): void
}

type Listener = (...args: unknown[]) => void
interface RequestArguments {
  method: string
  params?: unknown[] | Record<string, unknown>
}

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const rdns = 'dev.latchkey.testwallet'
const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M11 14v-3a5 5 0 0 1 10 0v3" stroke="#fff" stroke-width="2.5" fill="none"/><rect x="8" y="14" width="16" height="11" rx="2" fill="#fff"/></svg>',
)}`

/** Methods that need a connected account. */
const authorized = new Set([
  'eth_sendTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
])

const toHex = (n: number) => `0x${n.toString(16)}`

function install() {
  const w = window as unknown as Record<string, unknown>
  if (w.__latchkeyTestWalletProvider) return
  // a new tab's first document (about:blank) is no secure context: no randomUUID, nothing to serve
  if (typeof globalThis.crypto?.randomUUID !== 'function') return
  if (!w.__latchkeyTestWallet) w.__latchkeyTestWallet = {} satisfies WalletFaults
  const readFaults = () => w.__latchkeyTestWallet as WalletFaults | undefined

  const state = readState()
  // One wallet for every tab, as an extension is: what another tab's use of it stored is what this
  // tab's wallet answers from next. It announces nothing (no event), as some wallets do not.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey) Object.assign(state, readState())
  })
  // The account the wallet answers with; `emit('accountsChanged', [other])` switches it.
  let current = account
  const listeners = new Map<string, Set<Listener>>()
  let rpcId = 0

  const save = () => saveState(state)
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(error)
      }
    }
  }
  const params = (args: RequestArguments) => (Array.isArray(args.params) ? args.params : [])

  const forward = async (method: string, rpcParams: unknown[]) => {
    const response = await fetch(`/rpc/${state.chainId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: rpcParams }),
    })
    if (!response.ok) throw new WalletRpcError(-32603, `RPC HTTP ${response.status}`)
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw new WalletRpcError(body.error.code, body.error.message, body.error.data)
    return body.result ?? null
  }

  const connect = () => {
    if (state.connected) return
    state.connected = true
    save()
    emit('accountsChanged', [current])
  }
  const disconnect = () => {
    if (!state.connected) return
    state.connected = false
    save()
    emit('accountsChanged', [])
  }
  const permission = () => ({
    parentCapability: 'eth_accounts',
    invoker: window.location.origin,
    date: Date.now(),
    caveats: [{ type: 'restrictReturnedAccounts', value: [current] }],
  })
  const switchTo = (chainId: number) => {
    if (state.chainId === chainId) return
    state.chainId = chainId
    save()
    emit('chainChanged', toHex(chainId))
  }
  const chainParam = (args: RequestArguments) => {
    const first = params(args)[0] as { chainId?: unknown } | undefined
    const id = typeof first?.chainId === 'string' ? Number(first.chainId) : Number.NaN
    if (!Number.isSafeInteger(id) || id <= 0)
      throw new WalletRpcError(-32602, 'Invalid chainId parameter.')
    return id
  }

  const calls: string[] = []
  /** A switch or an add under `fault` (undefined: behave normally). */
  const misbehave = (fault: WalletFault | undefined, chainId: number, known: boolean) => {
    switch (fault) {
      case 'answerNull':
        return { answer: null }
      case 'nested4902':
        if (!known)
          throw new WalletRpcError(-32603, 'Internal JSON-RPC error.', {
            originalError: { code: 4902, message: `Unrecognized chain ID "${toHex(chainId)}".` },
          })
        return undefined
      case 'silentSwitch':
        if (!known) return undefined
        setTimeout(() => {
          state.chainId = chainId
          save()
        }, 300)
        return { answer: null }
      default:
        return undefined
    }
  }
  const switching: readonly string[] = faultGroups.switch
  const handle = async (args: RequestArguments, hit: FaultHit | undefined): Promise<unknown> => {
    const { method } = args
    calls.push(method)
    const fault = await enactFault(hit, method)
    if (fault === 'answerNull' && !switching.includes(method)) return null
    if (authorized.has(method) && !state.connected)
      throw new WalletRpcError(
        4100,
        'The requested account and/or method has not been authorized by the user.',
      )

    switch (method) {
      case 'eth_requestAccounts':
        // a broken wallet: answers a bare address and connects nothing
        if (fault === 'badAccounts') return current
        connect()
        return [current]
      case 'eth_accounts':
        return state.connected ? [current] : []
      case 'eth_chainId':
        return toHex(state.chainId)
      case 'net_version':
        return String(state.chainId)
      case 'wallet_requestPermissions':
        if (fault === 'badAccounts') return [{ ...permission(), caveats: [{ value: current }] }]
        connect()
        return [permission()]
      case 'wallet_getPermissions':
        return state.connected ? [permission()] : []
      case 'wallet_revokePermissions':
        disconnect()
        return null
      case 'wallet_switchEthereumChain': {
        const chainId = chainParam(args)
        const known = state.chains.includes(chainId)
        const odd = misbehave(fault, chainId, known)
        if (odd) return odd.answer
        if (!known)
          throw new WalletRpcError(
            4902,
            `Unrecognized chain ID "${toHex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`,
          )
        switchTo(chainId)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chainId = chainParam(args)
        const odd = misbehave(fault, chainId, true)
        if (!state.chains.includes(chainId)) state.chains.push(chainId)
        save()
        if (odd) return odd.answer
        // Like MetaMask, adding a chain also switches to it.
        switchTo(chainId)
        return null
      }
      default:
        return forward(method, params(args))
    }
  }

  const provider = {
    isLatchkeyTestWallet: true,
    request(args: RequestArguments): Promise<unknown> {
      if (!args || typeof args.method !== 'string')
        return Promise.reject(new WalletRpcError(-32600, 'Invalid request.'))
      const hit = takeFault(readFaults(), args.method)
      if (hit?.fault === 'throwSync')
        throw new WalletRpcError(-32603, `${args.method} threw synchronously.`)
      return handle(args, hit)
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      listeners.set(event, set)
      set.add(listener)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  w.__latchkeyTestWalletProvider = provider
  // What the wallet's own UI would do, for tests (E6, G4): not part of EIP-1193.
  const control: TestWalletControl = {
    calls: () => [...calls],
    lock: () => disconnect(),
    emit: (event, ...args) => {
      const [accounts] = args
      if (event === 'accountsChanged' && Array.isArray(accounts) && typeof accounts[0] === 'string')
        current = accounts[0]
      emit(event, ...args)
    },
  }
  w.__latchkeyTestWalletControl = control

  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'Latchkey Test Wallet',
    icon,
    rdns,
  })
  const announce = () => {
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  // The connect event: the provider can answer for this chain from now on.
  queueMicrotask(() => emit('connect', { chainId: toHex(state.chainId) }))
}

install()
