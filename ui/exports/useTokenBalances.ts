import {
  type UseTokenBalancesParameters,
  type UseTokenBalancesReturnType,
  useTokenBalances as useModalTokenBalances,
} from '../hooks/useTokenBalances'

/**
 * The connected account's native and token balances, from the data server or the chain.
 * @example const { data, error, isLoading, refetch } = useTokenBalances({ url: 'https://wallet.example' })
 */
export function useTokenBalances(
  parameters?: UseTokenBalancesParameters,
): UseTokenBalancesReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalTokenBalances(parameters)
}
