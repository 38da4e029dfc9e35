import {
  type UseOnrampStatusParameters,
  type UseOnrampStatusReturnType,
  useOnrampStatus as useModalOnrampStatus,
} from '../hooks/useOnrampStatus'

/**
 * A purchase's status, read every 2 s until it is completed or failed.
 * @example const { data: session } = useOnrampStatus(id)
 */
export function useOnrampStatus(
  id: string | undefined,
  parameters?: UseOnrampStatusParameters,
): UseOnrampStatusReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalOnrampStatus(id, parameters)
}
