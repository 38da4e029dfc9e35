import type { ComponentType } from 'react'
import type { SolanaAdapter } from '../../../connectors/solana/solanaAdapterTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'

/** What a Solana view of the modal gets: the adapter to hand each Solana hook. */
export interface ModalSolana {
  adapter: SolanaAdapter
}

/**
 * A Solana view of the modal, given the adapter the app's `<SolanaProvider>` reported to the
 * `LatchkeyProvider` (the modal renders outside that provider's children); nothing without one
 * (a view opened by name in an app without Solana).
 */
export function withModalSolana<P extends object>(
  View: ComponentType<P & { solana: ModalSolana }>,
): ComponentType<P> {
  return function WithModalSolana(props: P) {
    const { solana } = useLatchkeyContext()
    return solana ? <View {...props} solana={{ adapter: solana.adapter as SolanaAdapter }} /> : null
  }
}
