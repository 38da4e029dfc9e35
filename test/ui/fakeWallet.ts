import { enactFault } from '../harness/enactFault'
import { takeFault, type WalletFaults } from '../harness/walletFaults'

/** Test account (anvil dev account 0). */
export const fakeAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

type Listener = (...args: unknown[]) => void

/**
 * A small in-memory EIP-1193 provider for `injected({ target })` in tests. Its `faults` take the
 * test wallets' one vocabulary (`test/harness/walletFaults.ts`), read on every request.
 * @example
 * const wallet = createFakeWallet()
 * wallet.faults.connect = 'pending' // -32002 on eth_requestAccounts and wallet_requestPermissions
 */
export function createFakeWallet() {
  const faults: WalletFaults = {}
  const listeners = new Map<string, Set<Listener>>()
  const calls: string[] = []
  let chainId = 1
  let connected = false
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(value)
  }

  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      calls.push(method)
      const fault = await enactFault(takeFault(faults, method), method)
      if (fault === 'answerNull') return null
      switch (method) {
        case 'wallet_requestPermissions':
        case 'eth_requestAccounts':
          connected = true
          return method === 'eth_requestAccounts'
            ? [fakeAccount]
            : [{ parentCapability: 'eth_accounts', caveats: [{ value: [fakeAccount] }] }]
        case 'eth_accounts':
          return connected ? [fakeAccount] : []
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
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
