import { BaseError } from './base'

/** Type of a {@link DecryptionFailedError}. */
export type DecryptionFailedErrorType = DecryptionFailedError & { name: 'DecryptionFailedError' }

/** Thrown when a value encrypted at rest cannot be decrypted: wrong key, or altered bytes. */
export class DecryptionFailedError extends BaseError {
  override name = 'DecryptionFailedError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Could not decrypt a value stored at rest', {
      cause,
      metaMessages: ['Check that the master key is the one the data was encrypted with.'],
    })
  }
}
