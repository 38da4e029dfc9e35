import { useMemo, useSyncExternalStore } from 'react'
import { useConfig } from 'wagmi'
import { getConnection, watchConnection } from './wagmiCompat'

/** What {@link useConnection} returns: wagmi's `getConnection` (wagmi 2: `getAccount`). */
export type Connection = ReturnType<typeof getConnection>

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((item, index) => item === b[index]))

/** Whether two readings describe the same connection (what `watchConnection` compares). */
function sameConnection(a: Connection, b: Connection): boolean {
  return (
    a.status === b.status &&
    a.address === b.address &&
    a.chainId === b.chainId &&
    a.connector?.uid === b.connector?.uid &&
    sameList(a.addresses, b.addresses)
  )
}

/**
 * The current connection, as wagmi's `useConnection` (wagmi 2: `useAccount`) gives it, on React's
 * own `useSyncExternalStore`. wagmi's hook goes through the `use-sync-external-store` shim (for
 * React 17, which wagmi's peers no longer include) and a tracked-keys selector: 2 kB the first
 * bundle would carry for the button alone. A component re-renders when the connection changes,
 * whichever field it reads.
 */
export function useConnection(): Connection {
  const config = useConfig()
  const store = useMemo(() => {
    let last = getConnection(config)
    const read = () => {
      const current = getConnection(config)
      if (!sameConnection(current, last)) last = current
      return last
    }
    return {
      read,
      subscribe: (onChange: () => void) => watchConnection(config, { onChange }),
    }
  }, [config])
  return useSyncExternalStore(store.subscribe, store.read, store.read)
}
