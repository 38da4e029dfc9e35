import type { SecondFactorAction } from '../../src/errors/SecondFactorRequiredError'
import type { ServerContext } from '../context'
import { hasSecondFactor, requireFactorProof } from '../factors/factorProofs'
import type { Auth } from './sessions'

/** The actions of this file's callers that a project's second-factor policy guards (issue 16). */
export type GuardedAction =
  | 'add-passkey'
  | 'remove-passkey'
  | 'link-login'
  | 'unlink-login'
  | 'email-change'
  | 'import-wallet'

/** The proof each guarded action needs: adding or removing a way in is one kind. */
const scopes: Record<GuardedAction, SecondFactorAction> = {
  'add-passkey': 'login-method',
  'remove-passkey': 'login-method',
  'link-login': 'login-method',
  'unlink-login': 'login-method',
  'email-change': 'email-change',
  'import-wallet': 'import-wallet',
}

/**
 * The second-factor policy at the points that change how the user signs in or what their wallet
 * is (server/factors, docs/security.md "Second factors"): when the project's
 * `secondFactor.loginMethods` is on (the default) and the user has a factor, adding or removing
 * a passkey or a linked login, changing or adding the email and importing a wallet each need a
 * fresh single-use proof made by this session for that action. A user without any factor
 * passes with the device-bound session alone (there is nothing to ask for).
 */
export async function requireSecondFactor(
  context: Pick<ServerContext, 'storage' | 'now' | 'options'>,
  auth: Auth,
  action: GuardedAction,
  factorProof?: string | undefined,
): Promise<void> {
  if (!context.options.secondFactor.loginMethods) return
  if (await hasSecondFactor(context, auth.user.id))
    await requireFactorProof(context, auth, { action: scopes[action] }, factorProof)
}
