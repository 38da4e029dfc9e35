import {
  type UseSwapTokensParameters,
  type UseSwapTokensReturnType,
  useSwapTokens as useModalSwapTokens,
} from '../hooks/useSwapTokens'

/**
 * The tokens a swap offers (native currency, suggested tokens, tokens held) with the account's balances.
 * @example const { tokens } = useSwapTokens({ query: 'usd' })
 */
export function useSwapTokens(parameters?: UseSwapTokensParameters): UseSwapTokensReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalSwapTokens(parameters)
}
