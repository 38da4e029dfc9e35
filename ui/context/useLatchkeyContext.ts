import { useContext } from 'react'
import { BaseError } from '../../src/errors/base'
import { LatchkeyContext, type LatchkeyContextValue } from './LatchkeyContext'

/** The nearest provider's context, or null outside `<LatchkeyProvider>` (a `<SolanaProvider>` alone). */
export function useOptionalLatchkeyContext(): LatchkeyContextValue | null {
  return useContext(LatchkeyContext)
}

/** The nearest provider's context; throws when used outside `<LatchkeyProvider>`. */
export function useLatchkeyContext(): LatchkeyContextValue {
  const context = useContext(LatchkeyContext)
  if (!context)
    throw new BaseError('Latchkey hooks and components must be used inside <LatchkeyProvider>.', {
      name: 'LatchkeyProviderNotFoundError',
    })
  return context
}
