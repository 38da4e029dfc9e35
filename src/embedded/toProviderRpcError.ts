import { ProviderRpcError, RpcError, UserRejectedRequestError } from 'viem'
import { FrameRequestError } from '../errors/FrameRequestError'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'

/** The SPEC §6 message of a refused RPC method (shown to the user as 'Action not allowed'). */
export const rpcNotAllowedMessage = 'Requested RPC call is not allowed'

function isProviderCode(code: number): boolean {
  return (code >= 4000 && code < 5000) || (code >= 5700 && code <= 5760)
}

// 4001 (or 5000, SPEC §8) → viem's UserRejectedRequestError; a refused method → 4200 'Requested
// RPC call is not allowed'; other EIP-1193 and JSON-RPC codes keep their code; anything else as is.

/**
 * Maps a frame failure to an EIP-1193 error.
 * @see https://eips.ethereum.org/EIPS/eip-1193#provider-errors
 */
export function toProviderRpcError(error: unknown): unknown {
  if (error instanceof FrameRpcNotAllowedError)
    return new ProviderRpcError(error, { code: 4200, shortMessage: rpcNotAllowedMessage })
  if (!(error instanceof FrameRequestError)) return error
  const { code } = error
  if (code === 4001 || code === 5000) return new UserRejectedRequestError(error)
  if (code === 4200 || error.shortMessage === rpcNotAllowedMessage)
    return new ProviderRpcError(error, { code: 4200, shortMessage: rpcNotAllowedMessage })
  if (code === undefined) return error
  if (isProviderCode(code))
    return new ProviderRpcError(error, { code, shortMessage: error.shortMessage })
  if (code >= -32700 && code <= -32000)
    return new RpcError(error, { code, shortMessage: error.shortMessage })
  return error
}
