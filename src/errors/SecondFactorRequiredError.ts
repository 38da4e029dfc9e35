import { BaseError } from './base'

/** What needs a second factor (the project's policy, server/API.md "Second factors"). */
export const secondFactorActions = [
  /** Showing or encrypting the wallet's key (always). */
  'export',
  /** A transaction that moves more than the project's threshold (native value or tokens). */
  'sign',
  /** Adding or removing a way to sign in (a passkey). */
  'login-method',
  /** Changing (or adding) the account's email, a way to sign in. */
  'email-change',
  /** Importing a wallet: it becomes the account's wallet in place of the current one. */
  'import-wallet',
  /** Adding or removing a second factor, or new recovery codes, once one is set up. */
  'factors',
] as const

/** One of {@link secondFactorActions}. */
export type SecondFactorAction = (typeof secondFactorActions)[number]

/** Why the request had no usable proof of a second factor. */
export const secondFactorRefusals = [
  /** The request carried no proof. */
  'MISSING',
  /** The proof expired, was used already, or is of another session, action or request. */
  'STALE',
  /** The account has no second factor yet: set one up first. */
  'NOT_ENROLLED',
] as const

/** One of {@link secondFactorRefusals}. */
export type SecondFactorRefusal = (typeof secondFactorRefusals)[number]

/** Type of a {@link SecondFactorRequiredError}. */
export type SecondFactorRequiredErrorType = SecondFactorRequiredError & {
  name: 'SecondFactorRequiredError'
}

const sentences: Record<SecondFactorRefusal, string> = {
  MISSING: 'This needs a second factor: confirm it is you first.',
  STALE: 'The second-factor confirmation expired or was used already. Confirm it is you again.',
  NOT_ENROLLED: 'This needs a second factor. Set up an authenticator app or a passkey first.',
}

/**
 * Thrown by the server when an action its policy protects (export, a transaction above the
 * value threshold, adding or removing a sign-in method, an email change, an import) came without a fresh proof of a second
 * factor, made for this session and this very action. Nothing was done.
 */
export class SecondFactorRequiredError extends BaseError {
  /** The protected action. */
  action: SecondFactorAction
  /** Why the request was refused. */
  reason: SecondFactorRefusal

  override name = 'SecondFactorRequiredError'

  constructor({ action, reason }: { action: SecondFactorAction; reason: SecondFactorRefusal }) {
    super(sentences[reason], {
      docsPath: '/errors.md#second-factors',
      metaMessages: [`Action: ${action}`],
    })
    this.action = action
    this.reason = reason
  }
}
