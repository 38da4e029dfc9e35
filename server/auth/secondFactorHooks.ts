import type { ServerContext } from '../context'
import type { Auth } from './sessions'

/** The actions of this file's callers that a project's second-factor policy may guard (issue 16). */
export type GuardedAction = 'import-wallet' | 'remove-passkey'

/**
 * Hook point for the second-factor policy (TOTP, passkey, recovery codes: built separately):
 * called before an import replaces the user's wallet and before a passkey is removed. It lets
 * everything through today (a device-bound session suffices); the policy throws its own typed
 * error here when `action` needs a fresh second factor it has not seen.
 */
export async function requireSecondFactor(
  _context: Pick<ServerContext, 'storage' | 'now'>,
  _auth: Auth,
  _action: GuardedAction,
): Promise<void> {}
