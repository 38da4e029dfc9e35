import {
  type ComponentType,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react'
import { WagmiContext } from 'wagmi'
import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'
import type { SolanaConnectionSnapshot } from '../../src/client/types'
import { useOptionalLatchkeyContext } from '../context/useLatchkeyContext'
import type { SolanaBalanceReportProps } from '../modal/solana/SolanaBalanceReport'
import { SolanaContext } from './SolanaContextObject'

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
 * `<WagmiProvider>` it first links the Solana wallets of its connectors (WalletConnect's `solana`
 * namespace, the embedded wallet's Solana account: `adapter.linkConnectors`). Inside a
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
  const wagmi = useContext(WagmiContext)
  useEffect(() => {
    if (wagmi) adapter.linkConnectors(wagmi.connectors)
    if (reconnectOnMount) void adapter.reconnect()
  }, [adapter, reconnectOnMount, wagmi])
  const latchkey = useOptionalLatchkeyContext()
  return (
    <SolanaContext.Provider value={adapter}>
      {latchkey && (
        <ReportToLatchkey
          adapter={adapter}
          setSolana={latchkey.setSolana}
          modalLoaded={latchkey.parts !== undefined}
        />
      )}
      {children}
    </SolanaContext.Provider>
  )
}

/**
 * Inside a `<LatchkeyProvider>`: reports the connection, and the SOL balance the button shows.
 * The balance's reader (`SolanaBalanceReport`, with the query it runs) is a chunk fetched once
 * the account is connected and the modal's chunk is there (the idle preload or the first open),
 * so the first bundle holds none of it.
 */
function ReportToLatchkey({
  adapter,
  setSolana,
  modalLoaded,
}: {
  adapter: SolanaAdapter
  setSolana(solana: SolanaConnectionSnapshot | null): void
  modalLoaded: boolean
}) {
  const connected = useSyncExternalStore(adapter.subscribe, isConnectedTo(adapter), disconnected)
  const [balance, setBalance] = useState<string>()
  const [Report, setReport] = useState<ComponentType<SolanaBalanceReportProps>>()
  useEffect(() => {
    if (!connected || !modalLoaded || Report) return
    let current = true
    import('../modal/solana/SolanaBalanceReport').then(
      (module) => current && setReport(() => module.SolanaBalanceReport),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [connected, modalLoaded, Report])
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
  return connected && Report ? <Report adapter={adapter} onBalance={setBalance} /> : null
}

const isConnectedTo = (adapter: SolanaAdapter) => () => adapter.getState().status === 'connected'
// The server renders the state every page starts in (a reconnect runs in the browser).
const disconnected = () => false
