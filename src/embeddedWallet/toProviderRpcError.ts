import { ProviderRpcError, RpcError, UserRejectedRequestError } from 'viem'
import { BaseError } from '../errors/base'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'
import { isUserRejection } from '../errors/isUserRejection'

/** The SPEC §6 message of a refused RPC method (shown to the user as 'Action not allowed'). */
export const rpcNotAllowedMessage = 'Requested RPC call is not allowed'

function isProviderCode(code: number): boolean {
  return (code >= 4000 && code < 5000) || (code >= 5700 && code <= 5760)
}

// 4001 (or 5000, SPEC §8) → viem's UserRejectedRequestError; a refused method → 4200 'Requested
// RPC call is not allowed'; other EIP-1193 and JSON-RPC codes keep their code, with the typed
// error (an `InvalidSessionError`, a `ChainMismatchError`…) as `cause`; anything else as is
// (a `BroadcastUncertainError` keeps its hash).

/**
 * Maps a frame failure to an EIP-1193 error.
 * @see https://eips.ethereum.org/EIPS/eip-1193#provider-errors
 */
export function toProviderRpcError(error: unknown): unknown {
  if (error instanceof FrameRpcNotAllowedError)
    return new ProviderRpcError(error, { code: 4200, shortMessage: rpcNotAllowedMessage })
  if (!(error instanceof BaseError)) return error
  if (isUserRejection(error)) return new UserRejectedRequestError(error)
  const code = (error as { code?: unknown }).code
  if (code === 4200 || error.shortMessage === rpcNotAllowedMessage)
    return new ProviderRpcError(error, { code: 4200, shortMessage: rpcNotAllowedMessage })
  if (typeof code !== 'number') return error
  if (isProviderCode(code))
    return new ProviderRpcError(error, { code, shortMessage: error.shortMessage })
  if (code >= -32700 && code <= -32000)
    return new RpcError(error, { code, shortMessage: error.shortMessage })
  return error
}
