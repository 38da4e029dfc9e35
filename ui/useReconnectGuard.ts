import { useEffect } from 'react'
import { useConfig } from 'wagmi'

/**
 * While wagmi restores a stored connection (`reconnecting`), loads the reconnect guard (a lazy
 * chunk: nothing of it joins the first bundle) so a reconnect that hangs still ends (plan G2).
 */
export function useReconnectGuard(status: string): void {
  const config = useConfig()
  useEffect(() => {
    if (status !== 'reconnecting') return
    import('./guardReconnect').then(
      ({ guardReconnect }) => guardReconnect(config),
      () => {},
    )
  }, [config, status])
}
