import { BaseError } from './base'

/** Type of an {@link RpcMethodNotAllowedError}. */
export type RpcMethodNotAllowedErrorType = RpcMethodNotAllowedError & {
  name: 'RpcMethodNotAllowedError'
}

/** Thrown when the embedded wallet is asked for an RPC method it does not allow (SPEC §6). */
export class RpcMethodNotAllowedError extends BaseError {
  /** EIP-1193 code: unsupported method. */
  code = 4200
  method: string

  override name = 'RpcMethodNotAllowedError'

  constructor({ method }: { method: string }) {
    super('Requested RPC call is not allowed', { metaMessages: [`Method: ${method}`] })
    this.method = method
  }
}
