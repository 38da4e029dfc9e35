import {
  type Address,
  hexToNumber,
  isHex,
  numberToHex,
  ProviderRpcError,
  SwitchChainError,
  UnauthorizedProviderError,
} from 'viem'
import { ChainNotSupportedError } from '../errors/ChainNotSupportedError'
import { EmbeddedWalletNotConnectedError } from '../errors/EmbeddedWalletNotConnectedError'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'
import { InvalidRequestError } from '../errors/InvalidRequestError'
import type { FrameClient } from '../frame/frameClientTypes'
import { isAllowedRpcMethod } from '../schemas/frameRpc'
import { toProviderRpcError } from './toProviderRpcError'

/** Events of the embedded wallet's EIP-1193 provider. */
export type FrameProviderEvents = {
  accountsChanged: readonly Address[]
  /** The chain id as a 0x-prefixed hex string. */
  chainChanged: string
  disconnect: ProviderRpcError
}

/** Parameters of {@link createFrameProvider}. */
export type CreateFrameProviderParameters = {
  /** The frame client, created and mounted on first need. */
  getFrame(): FrameClient | Promise<FrameClient>
  /** The frame client if it exists already (aborting creates none). */
  peekFrame?: (() => FrameClient | undefined) | undefined
  /** The chain id at start (the stored one), answered locally to `eth_chainId`. */
  chainId: number
  /** Whether the host configured this chain; others are refused with 4902. @default () => true */
  isChainSupported?: ((chainId: number) => boolean) | undefined
  /** Called once the frame switched network: store the chain id. */
  onChainIdChange?: ((chainId: number) => void | Promise<void>) | undefined
}

/** One EIP-1193 request. */
export type FrameProviderRequest = { method: string; params?: unknown }

/** The embedded wallet as an EIP-1193 provider over the frame channel. */
export interface FrameProvider {
  /** Sends a request: chain id and accounts are answered locally, the rest goes to the frame. */
  request(args: FrameProviderRequest): Promise<unknown>
  /** Subscribes to a provider event. */
  on<E extends keyof FrameProviderEvents>(
    event: E,
    listener: (data: FrameProviderEvents[E]) => void,
  ): void
  /** Unsubscribes from a provider event. */
  removeListener<E extends keyof FrameProviderEvents>(
    event: E,
    listener: (data: FrameProviderEvents[E]) => void,
  ): void
  /** The chain id requests are answered with. */
  readonly chainId: number
  /** The connected accounts (empty until a login). */
  readonly accounts: readonly Address[]
  /** Sets the accounts (after a login); emits `accountsChanged` when they change. */
  setAccounts(accounts: readonly Address[]): void
  /** Sets the chain id; emits `chainChanged` when it changes. */
  setChainId(chainId: number): void
  /** Forgets the accounts and emits `disconnect` (4900). */
  disconnect(): void
  /** Aborts pending requests other than safe reads ('Request was aborted'); returns how many. */
  abortPending(): number
}

function parseChainId(params: unknown): number | undefined {
  const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
  const value = first?.chainId
  if (typeof value !== 'string' || !isHex(value) || value.length > 18) return undefined
  const chainId = hexToNumber(value)
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
}

function sameAccounts(a: readonly Address[], b: readonly Address[]): boolean {
  return a.length === b.length && a.every((address, index) => address === b[index])
}

// eth_chainId and eth_accounts are answered locally; wallet_switchEthereumChain switches the frame
// and stores the chain id; other allowed methods are RPC requests to the frame (with the approval
// deadline for those needing a click); frame errors become EIP-1193 errors.

/**
 * Creates the embedded wallet's EIP-1193 provider over a {@link FrameClient}.
 * @see https://eips.ethereum.org/EIPS/eip-1193
 */
export function createFrameProvider(parameters: CreateFrameProviderParameters): FrameProvider {
  const listeners = new Map<keyof FrameProviderEvents, Set<(data: never) => void>>()
  let chainId = parameters.chainId
  let accounts: readonly Address[] = []

  function emit<E extends keyof FrameProviderEvents>(event: E, data: FrameProviderEvents[E]) {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (data: FrameProviderEvents[E]) => void)(data)
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  async function switchChain(params: unknown): Promise<null> {
    const target = parseChainId(params)
    if (target === undefined)
      throw new InvalidRequestError({ reason: 'Expected [{ chainId: hex }].' })
    if (!(parameters.isChainSupported?.(target) ?? true))
      throw new SwitchChainError(new ChainNotSupportedError({ chainId: target }))
    if (target === chainId) return null
    const frame = await parameters.getFrame()
    const result = await frame.request('SWITCH_NETWORK', { chainId: target })
    const switched = typeof result.chainId === 'number' ? result.chainId : Number(result.chainId)
    const next = Number.isSafeInteger(switched) && switched > 0 ? switched : target
    await parameters.onChainIdChange?.(next)
    provider.setChainId(next)
    return null
  }

  async function forward(method: string, params: unknown): Promise<unknown> {
    if (!isAllowedRpcMethod(method)) throw new FrameRpcNotAllowedError({ method })
    const frame = await parameters.getFrame()
    // Requests needing a click get the approval deadline; the frame client reports the approval.
    const { result } = await frame.request('RPC_REQUEST', { method, params })
    return result
  }

  async function handle({ method, params }: FrameProviderRequest): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'eth_accounts':
        return [...accounts]
      case 'eth_requestAccounts':
        if (accounts.length === 0)
          throw new UnauthorizedProviderError(new EmbeddedWalletNotConnectedError())
        return [...accounts]
      case 'wallet_switchEthereumChain':
        return switchChain(params)
      default:
        return forward(method, params)
    }
  }

  const provider: FrameProvider = {
    async request(args) {
      try {
        return await handle(args)
      } catch (error) {
        throw toProviderRpcError(error)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener as (data: never) => void)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (data: never) => void)
    },
    get chainId() {
      return chainId
    },
    get accounts() {
      return accounts
    },
    setAccounts(next) {
      if (sameAccounts(accounts, next)) return
      accounts = [...next]
      emit('accountsChanged', accounts)
    },
    setChainId(next) {
      if (next === chainId) return
      chainId = next
      emit('chainChanged', numberToHex(next))
    },
    disconnect() {
      accounts = []
      emit(
        'disconnect',
        new ProviderRpcError(new EmbeddedWalletNotConnectedError(), {
          code: 4900,
          shortMessage: 'The embedded wallet is disconnected.',
        }),
      )
    },
    abortPending() {
      return parameters.peekFrame?.()?.abortPending() ?? 0
    },
  }
  return provider
}
