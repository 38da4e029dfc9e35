import { BaseError } from '../../../src/errors/base'

/** An error the frame answers a request with: its short message and EIP-1193 code go to the host. */
export class FrameReplyError extends BaseError {
  /** EIP-1193 / JSON-RPC code, e.g. 4001 when the user rejects. */
  code: number | undefined

  override name = 'FrameReplyError'

  constructor({ message, code, cause }: { message: string; code?: number; cause?: unknown }) {
    super(message, { cause })
    this.code = code
  }
}

/** The user clicked Reject (EIP-1193 4001). */
export function userRejected(): FrameReplyError {
  return new FrameReplyError({ message: 'User rejected the request.', code: 4001 })
}

/** The app gave up on the request (CANCEL_APPROVAL after an abort or its deadline). */
export function cancelledByApp(): FrameReplyError {
  return new FrameReplyError({ message: 'The app cancelled the request.', code: 4001 })
}

/** A feature whose issue has not landed yet (EIP-1193 4200, unsupported method). */
export function notAvailableYet(what: string): FrameReplyError {
  return new FrameReplyError({ message: `${what} is not available yet.`, code: 4200 })
}

/** SPEC §6: a method the frame does not allow. */
export function rpcNotAllowed(): FrameReplyError {
  return new FrameReplyError({ message: 'Requested RPC call is not allowed', code: 4200 })
}

/** SYNC_THEME while an approval is open: the approval screen's look does not change (issue 8). */
export function themeLocked(): FrameReplyError {
  return new FrameReplyError({ message: 'The theme cannot change while an approval is open.' })
}
