import { type ReactNode, useEffect } from 'react'
import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'
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
 * Hands a Solana adapter to the Solana hooks below it and reconnects on mount. Sits beside
 * `<WagmiProvider>`: the two namespaces keep their own connections.
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
  return <SolanaContext.Provider value={adapter}>{children}</SolanaContext.Provider>
}
