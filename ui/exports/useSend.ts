import {
  type UseSendParameters,
  type UseSendReturnType,
  useSend as useModalSend,
} from '../hooks/useSend'

/**
 * Send the connected chain's currency or an ERC-20 token, checked by the send rules and
 * confirmed by a receipt.
 * @example const { selectToken, setAmount, setReceiver, ready, send, status } = useSend()
 */
export function useSend(parameters?: UseSendParameters): UseSendReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalSend(parameters)
}
