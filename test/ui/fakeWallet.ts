/** Behaviour switches of {@link createFakeWallet}, like the e2e test wallet's error matrix. */
export interface FakeWalletFaults {
  reject: boolean
  pending: boolean
  rejectSwitch: boolean
  /** The switch answers -32002: a request is already open in the wallet. */
  pendingSwitch: boolean
}

/** Test account (anvil dev account 0). */
export const fakeAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

type Listener = (...args: unknown[]) => void

/** A small in-memory EIP-1193 provider for `injected({ target })` in tests. */
export function createFakeWallet() {
  const faults: FakeWalletFaults = {
    reject: false,
    pending: false,
    rejectSwitch: false,
    pendingSwitch: false,
  }
  const listeners = new Map<string, Set<Listener>>()
  const calls: string[] = []
  let chainId = 1
  let connected = false
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(value)
  }
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      calls.push(method)
      switch (method) {
        case 'wallet_requestPermissions':
        case 'eth_requestAccounts':
          if (faults.reject) throw rpcError(4001, 'User rejected the request.')
          if (faults.pending) throw rpcError(-32002, 'Request already pending.')
          connected = true
          return method === 'eth_requestAccounts'
            ? [fakeAccount]
            : [{ parentCapability: 'eth_accounts', caveats: [{ value: [fakeAccount] }] }]
        case 'eth_accounts':
          return connected ? [fakeAccount] : []
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          if (faults.rejectSwitch) throw rpcError(4001, 'User rejected the request.')
          if (faults.pendingSwitch) throw rpcError(-32002, 'Request already pending.')
          const [{ chainId: hex }] = params as [{ chainId: string }]
          chainId = Number.parseInt(hex, 16)
          emit('chainChanged', hex)
          return null
        }
        case 'wallet_revokePermissions':
          connected = false
          return null
        default:
          return null
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  return {
    provider,
    faults,
    calls,
    setChain(id: number) {
      chainId = id
      emit('chainChanged', `0x${id.toString(16)}`)
    },
  }
}
