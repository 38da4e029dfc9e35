/**
 * Everything Latchkey uses that differs between wagmi 2 and wagmi 3, in one file (the peer range
 * is `wagmi ^2.19.5 || ^3`). wagmi 3 renamed the account API (`useAccount` → `useConnection`,
 * `useAccountEffect` → `useConnectionEffect`, `getAccount` → `getConnection`, `watchAccount` →
 * `watchConnection`) and keeps the old names as deprecated aliases of the new ones; wagmi 2 has
 * only the old names. So this file imports the names both majors export and hands them to the
 * rest of Latchkey under the wagmi 3 names. Everything else Latchkey imports from wagmi
 * (`createConnector`, `useConfig`, `useChains`, `useConnectors`, `connect`, `disconnect`,
 * `switchChain`, `signMessage`, `reconnect`, `createConfig`, `createStorage`) is the same in both.
 * (`useConnection` is our own, on these: see ui/useConnection.ts.)
 * The consumer fixtures `vite-react18-wagmi2` and `vite-react19-wagmi3` build and run both.
 */
export { useAccountEffect as useConnectionEffect } from 'wagmi'
export { getAccount as getConnection, watchAccount as watchConnection } from 'wagmi/actions'
