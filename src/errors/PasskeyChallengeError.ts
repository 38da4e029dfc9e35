import { BaseError } from './base'

/** Type of a {@link PasskeyChallengeError}. */
export type PasskeyChallengeErrorType = PasskeyChallengeError & { name: 'PasskeyChallengeError' }

/**
 * Thrown when a passkey answer names a challenge the server does not hold: unknown, already
 * used (a replayed assertion), expired, or asked for by another device key or for another step.
 * Each challenge counts once, so the visitor just tries again.
 */
export class PasskeyChallengeError extends BaseError {
  override name = 'PasskeyChallengeError'

  constructor() {
    super('This passkey request has expired or was already used. Try again.', {
      docsPath: '/errors.md#passkeys',
    })
  }
}
