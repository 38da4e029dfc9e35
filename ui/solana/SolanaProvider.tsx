import { type ReactNode, useEffect } from 'react'
import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'
import { useOptionalLatchkeyContext } from '../context/useLatchkeyContext'
import { SolanaContext } from './SolanaContext'

/** Props of {@link SolanaProvider}. */
export interface SolanaProviderProps {
  /** The adapter from `createSolanaAdapter()` (`latchkey/solana`), made once, outside render. */
  adapter: SolanaAdapter
  /**
   * Silently reconnect the wallet remembered before a reload, on mount (like wagmi's).
   * @default true
   */
  reconnectOnMount?: boolean | undefined
  children?: ReactNode
}

/**
 * Hands a Solana adapter to the Solana hooks below it and reconnects on mount. Inside a
 * `<LatchkeyProvider>` it also reports the connection to it, so the button and the modal show
 * Solana beside wagmi's namespace: the two keep their own connections.
 * @example
 * const solana = createSolanaAdapter({ clusters: ['mainnet', 'devnet'] })
 * <SolanaProvider adapter={solana}><App /></SolanaProvider>
 */
export function SolanaProvider({
  adapter,
  reconnectOnMount = true,
  children,
}: SolanaProviderProps) {
  useEffect(() => {
    if (reconnectOnMount) void adapter.reconnect()
  }, [adapter, reconnectOnMount])
  const setSolana = useOptionalLatchkeyContext()?.setSolana
  useEffect(() => {
    if (!setSolana) return
    const report = () => {
      const { status, address } = adapter.getState()
      setSolana({ adapter, status, address, clusterName: adapter.getCluster().name })
    }
    report()
    const stop = adapter.subscribe(report)
    return () => {
      stop()
      setSolana(null)
    }
  }, [adapter, setSolana])
  return <SolanaContext.Provider value={adapter}>{children}</SolanaContext.Provider>
}
