/** What Latchkey reads of a wagmi connection: the `useConnection()` / `getConnection()` fields. */
export interface ConnectionSnapshot {
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected'
  address?: string | undefined
}

/**
 * Latchkey's one definition of "connected", shared by the button, the start view and the router:
 * wagmi says `connected` and the wallet gave an account. A stored connection that wagmi is still
 * restoring (`reconnecting`) is not connected yet: a locked wallet must never look connected
 * (plan G4).
 */
export function isConnected(connection: ConnectionSnapshot): boolean {
  return connection.status === 'connected' && Boolean(connection.address)
}
