import { type ReactNode, useEffect } from 'react'
import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'
import type { SolanaConnectionSnapshot } from '../../src/client/types'
import { formatBalance } from '../../src/utils/format'
import { useOptionalLatchkeyContext } from '../context/useLatchkeyContext'
import { SolanaContext } from './SolanaContext'
import { useSolanaBalance } from './useSolanaBalance'

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
  return (
    <SolanaContext.Provider value={adapter}>
      {setSolana && <ReportToLatchkey adapter={adapter} setSolana={setSolana} />}
      {children}
    </SolanaContext.Provider>
  )
}

/**
 * Inside a `<LatchkeyProvider>`: reports the connection, and the SOL balance the button shows
 * (read as `useSolanaBalance` reads it: again after a send or a cluster switch).
 */
function ReportToLatchkey({
  adapter,
  setSolana,
}: {
  adapter: SolanaAdapter
  setSolana(solana: SolanaConnectionSnapshot | null): void
}) {
  const { data } = useSolanaBalance({ adapter })
  const balance = data ? formatBalance(data.formatted, 'SOL') : undefined
  useEffect(() => {
    const report = () => {
      const { status, address } = adapter.getState()
      setSolana({
        adapter,
        status,
        address,
        clusterName: adapter.getCluster().name,
        balance: status === 'connected' ? balance : undefined,
      })
    }
    report()
    return adapter.subscribe(report)
  }, [adapter, setSolana, balance])
  useEffect(() => () => setSolana(null), [setSolana])
  return null
}
