import { useContext, useSyncExternalStore } from 'react'
import type { SolanaAdapter } from '../connectors/solana/solanaAdapterTypes'
import { isConnected } from '../src/client/isConnected'
import type { LatchkeyNamespace } from '../src/client/types'
import type { SolanaAccountState } from '../src/machines/solanaAccount'
import { useLatchkeyContext } from './context/useLatchkeyContext'
import { SolanaContext } from './solana/SolanaContextObject'
import { useConnection } from './useConnection'

const noSubscribe = () => () => {}
const noState = () => undefined

/**
 * The namespace shown: the one the visitor chose while it is connected, else the other one when
 * it is connected (a disconnect falls back to the namespace still connected), else the choice.
 */
export function pickNamespace(
  chosen: LatchkeyNamespace,
  evm: boolean,
  solana: boolean,
): LatchkeyNamespace {
  if (chosen === 'solana') return solana || !evm ? 'solana' : 'eip155'
  return evm || !solana ? 'eip155' : 'solana'
}

/** What {@link useActiveNamespace} returns. */
export interface ActiveNamespace {
  namespace: LatchkeyNamespace
  /** The app's Solana adapter (`<SolanaProvider>` around the `LatchkeyProvider`), if any. */
  solana: SolanaAdapter | undefined
  /** Its account state, when there is an adapter. */
  solanaState: SolanaAccountState | undefined
  /** Whether wagmi's wallet is connected. */
  evmConnected: boolean
  solanaConnected: boolean
}

/** The namespace the button and Account show, with both connections. */
export function useActiveNamespace(): ActiveNamespace {
  const { namespace } = useLatchkeyContext()
  const evmConnected = isConnected(useConnection())
  const solana = useContext(SolanaContext)
  const solanaState = useSyncExternalStore(
    solana?.subscribe ?? noSubscribe,
    solana?.getState ?? noState,
    solana?.getState ?? noState,
  )
  const solanaConnected = solanaState?.status === 'connected' && solanaState.address !== undefined
  return {
    namespace: pickNamespace(namespace, evmConnected, solanaConnected),
    solana,
    solanaState,
    evmConnected,
    solanaConnected,
  }
}
