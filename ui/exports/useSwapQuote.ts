import {
  type UseSwapQuoteParameters,
  type UseSwapQuoteReturnType,
  useSwapQuote as useModalSwapQuote,
} from '../hooks/useSwapQuote'

/**
 * A price for an exact-input swap, asked again every 10 s while shown, with its price impact and network fee.
 * @example const { data, error } = useSwapQuote({ sellToken, buyToken, sellAmount })
 */
export function useSwapQuote(parameters?: UseSwapQuoteParameters): UseSwapQuoteReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalSwapQuote(parameters)
}
