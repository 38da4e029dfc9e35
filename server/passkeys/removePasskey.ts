import { PasskeyRemovalError } from '../../src/errors/PasskeyRemovalError'
import { requireSecondFactor } from '../auth/secondFactorHooks'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import { recoveryShareSchema } from '../custody/sealedWallets'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options'>

/** The ways the user signs in besides passkeys: a verified email, social logins. */
async function otherLoginMethods(context: Context, auth: Auth): Promise<number> {
  const identities = await context.storage.socialIdentities.findByUser(auth.user.id)
  return (auth.user.email ? 1 : 0) + identities.length
}

/**
 * The credential ids of the passkeys whose PRF output seals a recovery share of the user's sealed
 * wallet: each device's split has its own (server/custody/deviceShares.ts).
 */
export async function sealingCredentials(context: Context, userId: string): Promise<Set<string>> {
  const first = await context.storage.sealedWallets.findShares(userId)
  const devices = await context.storage.deviceShares.findByUser(userId)
  const sealing = new Set<string>()
  for (const shares of [...devices, ...(first ? [first] : [])]) {
    if (!shares.recoveryShare) continue
    const recovery = recoveryShareSchema.safeParse(JSON.parse(shares.recoveryShare))
    if (recovery.success && recovery.data.kdf === 'prf') sealing.add(recovery.data.credentialId)
  }
  return sealing
}

/**
 * Removes one of the signed-in user's passkeys (server/API.md "Passkeys"). Refused
 * ({@link PasskeyRemovalError}) when it is not the user's, when it is the last way to sign in,
 * and when its PRF output seals the sealed wallet's recovery share (that share would never open
 * again: the frame re-seals it with a recovery password first).
 */
export async function removePasskey(
  context: Context,
  {
    auth,
    credentialId,
    factorProof,
  }: { auth: Auth; credentialId: string; factorProof?: string | undefined },
): Promise<{ remaining: number }> {
  const passkeys = await context.storage.passkeys.findByUser(auth.user.id)
  if (!passkeys.some((passkey) => passkey.credentialId === credentialId))
    throw new PasskeyRemovalError({ reason: 'NOT_FOUND' })
  if (passkeys.length === 1 && (await otherLoginMethods(context, auth)) === 0)
    throw new PasskeyRemovalError({ reason: 'LAST_LOGIN_METHOD' })
  if ((await sealingCredentials(context, auth.user.id)).has(credentialId))
    throw new PasskeyRemovalError({ reason: 'SEALS_RECOVERY' })
  await requireSecondFactor(context, auth, 'remove-passkey', factorProof)
  if (!(await context.storage.passkeys.delete(auth.user.id, credentialId)))
    throw new PasskeyRemovalError({ reason: 'NOT_FOUND' })
  return { remaining: passkeys.length - 1 }
}
