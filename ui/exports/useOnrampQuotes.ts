import {
  type UseOnrampQuotesParameters,
  type UseOnrampQuotesReturnType,
  useOnrampQuotes as useModalOnrampQuotes,
} from '../hooks/useOnrampQuotes'

/**
 * Every on-ramp provider's quote for a purchase (fee included), the most tokens first.
 * @example const { data: quotes } = useOnrampQuotes({ token, fiatCurrency: 'USD', fiatAmount: '100' })
 */
export function useOnrampQuotes(parameters?: UseOnrampQuotesParameters): UseOnrampQuotesReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalOnrampQuotes(parameters)
}
