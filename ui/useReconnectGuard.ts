import { useEffect } from 'react'
import { useConfig } from 'wagmi'
import { hardenReconnect } from './hardenReconnect'

/**
 * Keeps wagmi's restore of a stored connection from sticking and tabs in step: during render
 * (before wagmi's reconnect reaches the connectors) every connector's restore steps get a
 * deadline and a throwing `isAuthorized` counts as "not authorized" (plan G3); while the state is
 * `reconnecting`, the reconnect guard is loaded (a lazy chunk) so a reconnect that hangs still
 * ends (plan G2); after mount, another tab's connect, switch or disconnect is followed (plan G12,
 * a lazy chunk).
 */
export function useReconnectGuard(status: string): void {
  const config = useConfig()
  hardenReconnect(config)
  useEffect(() => {
    if (status !== 'reconnecting') return
    import('./reconnectParts').then(
      ({ guardReconnect }) => guardReconnect(config),
      () => {},
    )
  }, [config, status])
  useEffect(() => {
    let stop: (() => void) | undefined
    let live = true
    import('./reconnectParts').then(
      ({ syncTabs }) => {
        if (live) stop = syncTabs(config)
      },
      () => {},
    )
    return () => {
      live = false
      stop?.()
    }
  }, [config])
}
