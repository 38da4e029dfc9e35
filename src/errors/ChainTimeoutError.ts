import { BaseError } from './base'

/** Type of a {@link ChainTimeoutError}. */
export type ChainTimeoutErrorType = ChainTimeoutError & { name: 'ChainTimeoutError' }

/** Thrown when the chain's RPC node does not answer a call within its deadline. */
export class ChainTimeoutError extends BaseError {
  /** The JSON-RPC method that waited. */
  method: string
  /** The call's deadline, in milliseconds. */
  timeoutMs: number

  override name = 'ChainTimeoutError'

  constructor({ method, timeoutMs }: { method: string; timeoutMs: number }) {
    super('The chain node did not answer in time', {
      metaMessages: [`Method: ${method}`, `Timeout: ${timeoutMs} ms`],
    })
    this.method = method
    this.timeoutMs = timeoutMs
  }
}
