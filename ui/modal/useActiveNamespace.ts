import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'
import { isConnected } from '../../src/client/isConnected'
import type { LatchkeyNamespace } from '../../src/client/types'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useConnection } from '../useConnection'

/** What {@link useActiveNamespace} returns. */
export interface ActiveNamespace {
  /** The namespace Account shows (the provider's `namespace`). */
  namespace: LatchkeyNamespace
  /** The app's Solana adapter (a `<SolanaProvider>` inside the `LatchkeyProvider`), if any. */
  solana: SolanaAdapter | undefined
  evmConnected: boolean
  solanaConnected: boolean
}

/** The namespace Account shows, with both connections. */
export function useActiveNamespace(): ActiveNamespace {
  const { namespace, solana } = useLatchkeyContext()
  return {
    namespace,
    solana: solana?.adapter as SolanaAdapter | undefined,
    evmConnected: isConnected(useConnection()),
    solanaConnected: solana?.status === 'connected' && solana.address !== undefined,
  }
}
