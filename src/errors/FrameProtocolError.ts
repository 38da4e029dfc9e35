import { BaseError } from './base'

/** Type of a {@link FrameProtocolError}. */
export type FrameProtocolErrorType = FrameProtocolError & { name: 'FrameProtocolError' }

/** Thrown when a frame message (either way) fails its schema or the channel's size limits. */
export class FrameProtocolError extends BaseError {
  /** 'incoming' for a reply from the frame, 'outgoing' for a request the host tried to send. */
  direction: 'incoming' | 'outgoing'
  /** Why the message was refused. */
  reason: string
  /** The message type, when it could be read. */
  type?: string | undefined

  override name = 'FrameProtocolError'

  constructor({
    direction,
    reason,
    type,
    cause,
  }: {
    direction: 'incoming' | 'outgoing'
    reason: string
    type?: string | undefined
    cause?: unknown
  }) {
    super(
      direction === 'incoming'
        ? 'The embedded wallet frame sent an invalid message.'
        : 'The embedded wallet request is invalid.',
      {
        cause,
        docsPath: '/errors.md#frame',
        metaMessages: [...(type ? [`Message: ${type}`] : []), `Reason: ${reason}`],
      },
    )
    this.direction = direction
    this.reason = reason
    this.type = type
  }
}
