// What useReconnectGuard loads after mount, as one lazy chunk: tabs kept in step (always) and the
// guard of a reconnect that hangs (while reconnecting).
export { guardReconnect } from './guardReconnect'
export { syncTabs } from './syncTabs'
