import {
  type UseSwapParameters,
  type UseSwapReturnType,
  useSwap as useModalSwap,
} from '../hooks/useSwap'

/**
 * Swap on the connected chain with the `swap` option's provider, to a receipt, with its steps (approve → sign permit → swap → receipt).
 * @example const { swap, steps, step, status, error } = useSwap()
 */
export function useSwap(parameters?: UseSwapParameters): UseSwapReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalSwap(parameters)
}
