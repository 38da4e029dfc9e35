import { BaseError } from './base'

/** Type of an {@link OnrampSessionFinalError}. */
export type OnrampSessionFinalErrorType = OnrampSessionFinalError & {
  name: 'OnrampSessionFinalError'
}

/**
 * An on-ramp event tried to move a purchase that is already final (`completed` or `failed`): a
 * late or replayed webhook changes nothing.
 */
export class OnrampSessionFinalError extends BaseError {
  status: string

  override name = 'OnrampSessionFinalError'

  constructor({ status }: { status: string }) {
    super(`This purchase is already ${status}: it cannot change any more`, {
      docsPath: '/errors.md#buy-with-card',
    })
    this.status = status
  }
}
