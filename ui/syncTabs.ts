import type { Config, Connection } from 'wagmi'
import { deserialize } from 'wagmi'
import { disconnect, reconnect } from 'wagmi/actions'

/** The part of wagmi's persisted state another tab's write tells. */
interface StoredState {
  current?: string | null
  connections?: Map<string, Connection>
  chainId?: number
}

const synced = new WeakMap<Config, { users: number; stop: () => void }>()

function read(raw: string | null): StoredState | undefined {
  if (!raw) return undefined
  try {
    const parsed = deserialize<{ state?: StoredState } | null>(raw)
    return parsed?.state ?? undefined
  } catch {
    return undefined
  }
}

const sameAccounts = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]?.toLowerCase())

/** Brings this tab to the connection another tab stored; does nothing when they already agree. */
async function follow(config: Config, remote: StoredState | undefined): Promise<void> {
  const local = config.state
  // this tab is connecting itself: its own outcome is written next and the other tab follows it
  if (local.status === 'connecting' || local.status === 'reconnecting') return
  const theirs = remote?.current ? remote.connections?.get(remote.current) : undefined
  const mine = local.current ? local.connections.get(local.current) : undefined
  if (!theirs) {
    if (mine) await disconnect(config, { connector: mine.connector }).catch(() => {})
    return
  }
  const connector = config.connectors.find((c) => c.id === theirs.connector.id)
  if (!connector) return
  if (!mine || mine.connector.id !== connector.id) {
    // Take the other tab's stored state first, as wagmi's own hydrate does: wagmi persists the
    // whole state on every change, so reconnecting from this tab's old state would write that
    // old state back over theirs (and the other tab would follow it: a ping-pong).
    const connections = remote?.connections
    if (!connections || !remote?.current) return
    const chainId = config.chains.some((chain) => chain.id === remote.chainId)
      ? (remote.chainId as number)
      : config.state.chainId
    config.setState((state) => ({
      ...state,
      chainId,
      connections: new Map(connections),
      current: remote.current ?? null,
      status: 'reconnecting',
    }))
    await reconnect(config, { connectors: [connector] }).catch(() => {})
    return
  }
  if (theirs.chainId === mine.chainId && sameAccounts(theirs.accounts, mine.accounts)) return
  // the wallet is the truth (the other tab's switch went through it): ask it, then tell wagmi
  const [chainId, accounts] = await Promise.all([
    connector.getChainId(),
    connector.getAccounts(),
  ]).catch(() => [undefined, undefined] as const)
  if (chainId === undefined || !accounts) return
  const now = config.state.current ? config.state.connections.get(config.state.current) : undefined
  if (now?.connector.uid !== mine.connector.uid) return
  if (chainId === now.chainId && sameAccounts(accounts, now.accounts)) return
  connector.emitter.emit('change', { chainId, accounts })
}

/**
 * Keeps tabs of one app consistent (plan G12): wagmi writes its state to storage but never reads
 * another tab's write, so a connect, switch or disconnect in one tab leaves the others showing the
 * old connection. Each `storage` event on wagmi's key (`{storage.key}.store`) brings this tab to
 * what the other stored: a disconnect disconnects, a connection with another connector reconnects
 * that connector, a changed chain or account is read back from the wallet. A tab that already
 * agrees writes nothing, so two tabs never answer each other in a loop. Several callers share one listener; each gets its own stop function.
 * @example const stop = syncTabs(config)
 */
export function syncTabs(config: Config): () => void {
  const existing = synced.get(config)
  if (existing) {
    existing.users++
    return release(config)
  }
  const key = config.storage ? `${config.storage.key}.store` : undefined
  if (!key || typeof window === 'undefined') return () => {}
  let queue = Promise.resolve()
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || event.newValue === event.oldValue) return
    const remote = read(event.newValue)
    // a value this tab cannot read is no instruction to disconnect
    if (event.newValue !== null && !remote) return
    queue = queue.then(() => follow(config, remote)).catch(() => {})
  }
  window.addEventListener('storage', onStorage)
  synced.set(config, { users: 1, stop: () => window.removeEventListener('storage', onStorage) })
  return release(config)
}

/** One user's stop: the listener goes with the last one. */
function release(config: Config): () => void {
  let released = false
  return () => {
    const entry = synced.get(config)
    if (released || !entry) return
    released = true
    if (--entry.users > 0) return
    entry.stop()
    synced.delete(config)
  }
}
