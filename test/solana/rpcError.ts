/**
 * A JSON-RPC error the server answers with: the code, message and data a Solana validator
 * (agave's `solana-rpc`) uses for the same failure.
 * @example
 * throw new SolanaRpcError(-32602, 'Invalid param: Invalid')
 */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** The validator's codes (`solana_rpc_client_api::custom_error`) and JSON-RPC's own. */
export const rpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  blockCleanedUp: -32001,
  sendTransactionPreflightFailure: -32002,
  transactionSignatureVerificationFailure: -32003,
  minContextSlotNotReached: -32016,
} as const

/** `-32602 Invalid params: …`, as the validator words a malformed parameter. */
export function invalidParams(detail: string): SolanaRpcError {
  return new SolanaRpcError(rpcCodes.invalidParams, `Invalid params: ${detail}`)
}

/** `-32602 Invalid param: …`, as the validator words a bad value (an address, a token account). */
export function invalidParam(detail: string): SolanaRpcError {
  return new SolanaRpcError(rpcCodes.invalidParams, `Invalid param: ${detail}`)
}
