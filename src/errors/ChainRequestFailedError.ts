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

  override name = 'ChainRequestFailedError'

  constructor({
    code,
    message,
    data,
    cause,
  }: {
    code?: number | undefined
    message?: string | undefined
    data?: unknown
    cause?: unknown
  }) {
    super(message || 'RPC request failed', { cause })
    this.code = code ?? -32603
    if (data !== undefined) this.data = data
  }
}
