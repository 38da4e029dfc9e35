import {
  type UseOnrampSessionReturnType,
  useOnrampSession as useModalOnrampSession,
} from '../hooks/useOnrampSession'
import type { OnrampHookParameters } from '../onramp/useOnrampSetup'

/**
 * Starts a card purchase: the popup opens in the click and goes to the provider's page.
 * @example const { start } = useOnrampSession()
 */
export function useOnrampSession(parameters?: OnrampHookParameters): UseOnrampSessionReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalOnrampSession(parameters)
}
