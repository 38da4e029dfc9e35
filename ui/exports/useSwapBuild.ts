import {
  type UseSwapBuildParameters,
  type UseSwapBuildReturnType,
  useSwapBuild as useModalSwapBuild,
} from '../hooks/useSwapBuild'

/**
 * The swap as the provider builds it, checked against the request and the trusted contracts, with the approval and signature it needs.
 * @example const { data, error } = useSwapBuild({ sellToken, buyToken, sellAmount })
 */
export function useSwapBuild(parameters?: UseSwapBuildParameters): UseSwapBuildReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalSwapBuild(parameters)
}
