import { BaseError } from './base'

/** Type of a {@link ChainRequestFailedError}. */
export type ChainRequestFailedErrorType = ChainRequestFailedError & {
  name: 'ChainRequestFailedError'
}

/** Thrown when the chain's RPC node fails or refuses a forwarded request. */
export class ChainRequestFailedError extends BaseError {
  /** The node's JSON-RPC error code, or -32603 (internal error). */
  code: number

  override name = 'ChainRequestFailedError'

  constructor({
    code,
    message,
    cause,
  }: { code?: number | undefined; message?: string | undefined; cause?: unknown }) {
    super(message || 'RPC request failed', { cause })
    this.code = code ?? -32603
  }
}
