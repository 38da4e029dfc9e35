import { BaseError } from './base'

/** Why a passkey was not removed. */
export const passkeyRemovalFailures = [
  /** The account has no passkey with that credential id (removed already, or another account's). */
  'NOT_FOUND',
  /** It is the account's last way to sign in (no email, no social login, no other passkey). */
  'LAST_LOGIN_METHOD',
  /**
   * It seals the sealed wallet's recovery share (PRF): removing it would leave that share
   * unopenable. Lock the recovery share with a password first.
   */
  'SEALS_RECOVERY',
] as const

/** One of {@link passkeyRemovalFailures}. */
export type PasskeyRemovalFailure = (typeof passkeyRemovalFailures)[number]

/** Type of a {@link PasskeyRemovalError}. */
export type PasskeyRemovalErrorType = PasskeyRemovalError & { name: 'PasskeyRemovalError' }

const sentences: Record<PasskeyRemovalFailure, string> = {
  NOT_FOUND: 'This passkey is not on your account.',
  LAST_LOGIN_METHOD: 'This passkey is your only way to sign in, so it cannot be removed.',
  SEALS_RECOVERY:
    'This passkey locks your wallet’s recovery part. Lock it with a recovery password first.',
}

/** Thrown when a passkey cannot be removed; the account keeps it. */
export class PasskeyRemovalError extends BaseError {
  /** Which rule refused it. */
  reason: PasskeyRemovalFailure

  override name = 'PasskeyRemovalError'

  constructor({ reason }: { reason: PasskeyRemovalFailure }) {
    super(sentences[reason], { docsPath: '/errors.md#passkeys' })
    this.reason = reason
  }
}
