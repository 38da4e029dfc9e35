import type { ServerContext } from '../context'
import { hasSecondFactor, requireFactorProof } from '../factors/factorProofs'
import type { Auth } from './sessions'

/** The actions of this file's callers that a project's second-factor policy may guard (issue 16). */
export type GuardedAction = 'import-wallet' | 'remove-passkey'

/**
 * The second-factor policy at the points that change how the user signs in or what their wallet
 * is (server/factors): removing a passkey needs a fresh proof for `login-method` when the
 * project's `secondFactor.loginMethods` is on and the user has a factor. An import (a wallet with
 * no funds or use, or confirmed in the frame) passes with a device-bound session alone.
 */
export async function requireSecondFactor(
  context: Pick<ServerContext, 'storage' | 'now' | 'options'>,
  auth: Auth,
  action: GuardedAction,
  factorProof?: string | undefined,
): Promise<void> {
  if (action !== 'remove-passkey' || !context.options.secondFactor.loginMethods) return
  if (await hasSecondFactor(context, auth.user.id))
    await requireFactorProof(context, auth, { action: 'login-method' }, factorProof)
}
