import { BaseError } from './base'

/** Type of a {@link SignMessageFailedError}. */
export type SignMessageFailedErrorType = SignMessageFailedError & { name: 'SignMessageFailedError' }

/** Thrown when the wallet fails to sign a message. */
export class SignMessageFailedError extends BaseError {
  override name = 'SignMessageFailedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Sign message failed', { cause })
  }
}
