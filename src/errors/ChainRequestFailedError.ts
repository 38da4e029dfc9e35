import { BaseError } from './base'

/** Type of a {@link ChainRequestFailedError}. */
export type ChainRequestFailedErrorType = ChainRequestFailedError & {
  name: 'ChainRequestFailedError'
}

/** Thrown when the chain's RPC node fails or refuses a forwarded request. */
export class ChainRequestFailedError extends BaseError {
  /** The node's JSON-RPC error code, or -32603 (internal error). */
  code: number
  /** The node's error data (e.g. revert data), when it sent some. */
  data?: unknown
  /**
   * Set when a transaction failed for sure: it did not go out, or can never be mined (the node
   * refused it, or another transaction took its nonce). Unlike `BroadcastUncertainError`'s
   * `true`, sending again is safe. Unset for calls that are not sends.
   */
  mayHaveBeenSent?: false | undefined

  override name = 'ChainRequestFailedError'

  constructor({
    code,
    message,
    data,
    mayHaveBeenSent,
    cause,
  }: {
    code?: number | undefined
    message?: string | undefined
    data?: unknown
    mayHaveBeenSent?: false | undefined
    cause?: unknown
  }) {
    super(message || 'RPC request failed', { cause })
    this.code = code ?? -32603
    if (data !== undefined) this.data = data
    if (mayHaveBeenSent === false) this.mayHaveBeenSent = false
  }
}
