/**
 * A second injected EIP-6963 wallet for e2e tests that need two wallets with two accounts (plan
 * G2, G5): its own rdns, name and account (anvil dev account 1), and its own stored "connected"
 * flag, so a reload restores it as an extension would. Chain reads are forwarded to anvil through
 * the playground's `/rpc/{chainId}`. It has no faults: the first test wallet carries those.
 * @see https://eips.ethereum.org/EIPS/eip-6963
 */

/** Its rdns: its wallet row is `[data-testid="wallet-dev.latchkey.testwallet.second"]`. */
export const secondWalletRdns = 'dev.latchkey.testwallet.second'
export const secondWalletRow = `[data-testid="wallet-${secondWalletRdns}"]`
/** Anvil dev account 1, as the UI truncates it. */
export const secondTruncatedAccount = '0x70…dc79C8'

function install(account: string, rdns: string) {
  if (window.top !== window) return
  if (typeof globalThis.crypto?.randomUUID !== 'function') return
  const key = 'latchkey-testwallet-second'
  type Listener = (...args: unknown[]) => void
  const read = (): { connected: boolean; chainId: number } => {
    try {
      const parsed = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
      return {
        connected: parsed.connected === true,
        chainId: typeof parsed.chainId === 'number' ? parsed.chainId : 1,
      }
    } catch {
      return { connected: false, chainId: 1 }
    }
  }
  const state = read()
  const save = () => localStorage.setItem(key, JSON.stringify(state))
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
  const setConnected = (connected: boolean) => {
    if (state.connected === connected) return
    state.connected = connected
    save()
    emit('accountsChanged', connected ? [account] : [])
  }
  const permission = () => ({
    parentCapability: 'eth_accounts',
    invoker: location.origin,
    date: Date.now(),
    caveats: [{ type: 'restrictReturnedAccounts', value: [account] }],
  })
  let rpcId = 0
  const forward = async (method: string, params: unknown) => {
    const response = await fetch(`/rpc/${state.chainId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number } }
    if (body.error) throw Object.assign(new Error('RPC error'), body.error)
    return body.result ?? null
  }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
          setConnected(true)
          return [account]
        case 'eth_accounts':
          return state.connected ? [account] : []
        case 'eth_chainId':
          return `0x${state.chainId.toString(16)}`
        case 'wallet_requestPermissions':
          setConnected(true)
          return [permission()]
        case 'wallet_getPermissions':
          return state.connected ? [permission()] : []
        case 'wallet_revokePermissions':
          setConnected(false)
          return null
        case 'wallet_switchEthereumChain':
          throw rpcError(4902, 'Unrecognized chain ID.')
        case 'personal_sign':
        case 'eth_sendTransaction':
          if (!state.connected) throw rpcError(4100, 'Unauthorized.')
          return forward(method, params)
        default:
          return forward(method, params)
      }
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
  const icon = `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2b8a3e"/></svg>',
  )}`
  const info = Object.freeze({ uuid: crypto.randomUUID(), name: 'Second Test Wallet', icon, rdns })
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/** The init script that installs the second wallet (top frame only), for `addInitScript`. */
export const secondWalletScript = `(${install.toString()})(${JSON.stringify(
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
)}, ${JSON.stringify(secondWalletRdns)})`
