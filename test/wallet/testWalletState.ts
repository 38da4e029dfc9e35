/**
 * What the injected test wallet (`testWallet.ts`) remembers in the page's localStorage: whether it
 * is connected, its chain and the chains it knows. One record for every tab, as an extension's.
 */

/** What the wallet keeps across reloads and tabs. */
export interface StoredState {
  connected: boolean
  chainId: number
  chains: number[]
}

/** The localStorage key; another tab's write of it is what this tab's wallet answers from next. */
export const storageKey = 'latchkey-testwallet'

/** The stored state, checked; disconnected on chain 1 when there is none or it does not parse. */
export function readState(): StoredState {
  const fallback: StoredState = { connected: false, chainId: 1, chains: [1] }
  try {
    const raw = window.localStorage.getItem(storageKey)
    if (!raw) return fallback
    const parsed = JSON.parse(raw) as Partial<StoredState>
    const chains = Array.isArray(parsed.chains) ? parsed.chains.filter(Number.isInteger) : [1]
    const chainId = typeof parsed.chainId === 'number' ? parsed.chainId : 1
    return {
      connected: parsed.connected === true,
      chainId: chains.includes(chainId) ? chainId : 1,
      chains: chains.includes(1) ? chains : [1, ...chains],
    }
  } catch {
    return fallback
  }
}

/** Stores `state` for the next reload and the other tabs. */
export function saveState(state: StoredState) {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(state))
  } catch {
    // Storage can be blocked (sandboxed frames); the wallet then forgets on reload.
  }
}
