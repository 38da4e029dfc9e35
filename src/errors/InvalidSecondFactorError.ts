import { BaseError } from './base'

/** Why a second factor was not accepted. */
export const secondFactorFailures = [
  /** The authenticator code is not the current one (nor the one before or after). */
  'CODE',
  /** The authenticator code was used already (each time step counts once). */
  'REUSED',
  /** The recovery code is unknown or was used already. */
  'RECOVERY_CODE',
  /** No authenticator app is set up (or being set up) on this account. */
  'NO_TOTP',
] as const

/** One of {@link secondFactorFailures}. */
export type SecondFactorFailure = (typeof secondFactorFailures)[number]

/** Type of an {@link InvalidSecondFactorError}. */
export type InvalidSecondFactorErrorType = InvalidSecondFactorError & {
  name: 'InvalidSecondFactorError'
}

const sentences: Record<SecondFactorFailure, string> = {
  CODE: 'That code is not right. Check your authenticator app and try again.',
  REUSED: 'That code was used already. Wait for the next one.',
  RECOVERY_CODE: 'That recovery code is not right or was used already.',
  NO_TOTP: 'No authenticator app is set up on this account.',
}

/** Thrown when an authenticator (TOTP) code or a recovery code is refused; nothing was done. */
export class InvalidSecondFactorError extends BaseError {
  /** Which check failed. */
  reason: SecondFactorFailure

  override name = 'InvalidSecondFactorError'

  constructor({ reason }: { reason: SecondFactorFailure }) {
    super(sentences[reason], { docsPath: '/errors.md#second-factors' })
    this.reason = reason
  }
}
