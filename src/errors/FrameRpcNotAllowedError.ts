import { BaseError } from './base'

/** Type of a {@link FrameRpcNotAllowedError}. */
export type FrameRpcNotAllowedErrorType = FrameRpcNotAllowedError & {
  name: 'FrameRpcNotAllowedError'
}

/** Thrown for an RPC method that may not go through the frame; the UI shows 'Action not allowed'. */
export class FrameRpcNotAllowedError extends BaseError {
  /** The refused method. */
  method: string

  override name = 'FrameRpcNotAllowedError'

  constructor({ method }: { method: string }) {
    super('Requested RPC call is not allowed', {
      docsPath: '/errors.md#frame',
      metaMessages: [`Method: ${method.length > 64 ? `${method.slice(0, 64)}…` : method}`],
    })
    this.method = method
  }
}
