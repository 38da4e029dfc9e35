import type { ConnectionSnapshot } from './isConnected'

/** The part of wagmi's `config.state` the client reads (wagmi 2 and 3 alike). */
export interface WagmiStateLike {
  status: ConnectionSnapshot['status']
  current: string | null
  connections: ReadonlyMap<string, { accounts: readonly string[] }>
}

/** The connection as `getConnection(config)` reports it, without importing wagmi. */
export function readConnection(state: WagmiStateLike): ConnectionSnapshot {
  const connection = state.current === null ? undefined : state.connections.get(state.current)
  return { status: state.status, address: connection?.accounts[0] }
}
