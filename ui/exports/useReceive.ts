import { type UseReceiveReturnType, useReceive as useModalReceive } from '../hooks/useReceive'

/**
 * The connected address to receive on: QR text, networks and copy.
 * @example const { address, qrValue, networks, copy } = useReceive()
 */
export function useReceive(): UseReceiveReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalReceive()
}
