import { useContext } from 'react'
import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'
import { BaseError } from '../../src/errors/base'
import { SolanaContext } from './SolanaContextObject'

export { SolanaContext }

/** Parameter every Solana hook takes: an adapter to use instead of the provider's. */
export interface SolanaHookParameters {
  /** @default the adapter of the nearest `<SolanaProvider>` */
  adapter?: SolanaAdapter | undefined
}

/** The hook's adapter: the one given, else the nearest provider's; throws outside both. */
export function useSolanaAdapter(parameters: SolanaHookParameters = {}): SolanaAdapter {
  const context = useContext(SolanaContext)
  const adapter = parameters.adapter ?? context
  if (!adapter)
    throw new BaseError('Solana hooks must be used inside <SolanaProvider adapter={…}>.', {
      name: 'SolanaProviderNotFoundError',
      metaMessages: ['- Wrap the app in <SolanaProvider>, or pass { adapter } to the hook.'],
    })
  return adapter
}
