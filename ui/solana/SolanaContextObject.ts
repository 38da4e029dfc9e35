import { createContext } from 'react'
import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'

/**
 * The adapter `<SolanaProvider>` hands down. A file of its own: the provider and button read it
 * (is Solana configured, is it connected) without the hooks' code.
 */
export const SolanaContext = createContext<SolanaAdapter | undefined>(undefined)
