import { BaseError } from './base'

/** Why a passkey was not accepted. */
export const passkeyFailures = [
  /** No passkey of this server has that credential id (another authenticator, or removed). */
  'UNKNOWN_CREDENTIAL',
  /** The signature, origin, RP ID, user verification or attestation did not check out. */
  'SIGNATURE',
  /** The signature counter did not go up: the authenticator may have been cloned. */
  'COUNTER',
  /** The credential is registered already (to this or another account). */
  'ALREADY_REGISTERED',
] as const

/** One of {@link passkeyFailures}. */
export type PasskeyFailure = (typeof passkeyFailures)[number]

/** Type of a {@link PasskeyVerificationError}. */
export type PasskeyVerificationErrorType = PasskeyVerificationError & {
  name: 'PasskeyVerificationError'
}

const sentences: Record<PasskeyFailure, string> = {
  UNKNOWN_CREDENTIAL: 'This passkey is not registered for any account here.',
  SIGNATURE: 'The passkey could not be verified.',
  COUNTER: 'This passkey was refused: its signature counter did not go up (it may be a copy).',
  ALREADY_REGISTERED: 'This passkey is registered already.',
}

/** Thrown when a passkey registration or sign-in does not verify; nothing was signed in. */
export class PasskeyVerificationError extends BaseError {
  /** Which check failed. */
  reason: PasskeyFailure

  override name = 'PasskeyVerificationError'

  constructor({ reason, cause }: { reason: PasskeyFailure; cause?: unknown }) {
    super(sentences[reason], { docsPath: '/errors.md#passkeys', cause })
    this.reason = reason
  }
}
