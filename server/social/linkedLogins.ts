import { LastLoginError } from '../../src/errors/LastLoginError'
import { SocialIdentityInUseError } from '../../src/errors/SocialIdentityInUseError'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { SocialIdentityRecord, UserRecord } from '../storage/types'
import type { SocialProfile } from './readSocialProfile'

/** One way to sign in to a wallet, as `GET /v1/logins` lists it. */
export type LinkedLogin =
  | { kind: 'email'; email: string }
  | { kind: 'social'; provider: string; userName: string | null; email: string | null }

/** What may be unlinked: the email, or a provider's account. */
export type UnlinkRequest = { kind: 'email' } | { kind: 'social'; provider: string }

/** The lock a user's logins change under (unlinks count what remains: one at a time). */
export const loginsLockKey = (userId: string) => `logins:${userId}`

/** The user's ways to sign in: the email first, then the providers, oldest first. */
export async function listLogins(
  context: ServerContext,
  user: UserRecord,
): Promise<{ logins: LinkedLogin[] }> {
  const identities = await context.storage.socialIdentities.findByUser(user.id)
  return {
    logins: [
      ...(user.email ? [{ kind: 'email' as const, email: user.email }] : []),
      ...identities.map((identity) => ({
        kind: 'social' as const,
        provider: identity.provider,
        userName: identity.username,
        email: identity.email,
      })),
    ],
  }
}

/**
 * Removes a way to sign in (never the last: `LastLoginError`, checked where it is removed, under
 * the user's lock, so two unlinks at once cannot both pass). Sessions made with it stay.
 */
export async function unlinkLogin(
  context: ServerContext,
  { user }: Auth,
  request: UnlinkRequest,
): Promise<{ logins: LinkedLogin[] }> {
  const { storage } = context
  const removed = await storage.locks.run(loginsLockKey(user.id), () =>
    request.kind === 'email'
      ? storage.users.removeEmail(user.id)
      : storage.socialIdentities.unlink(user.id, request.provider),
  )
  const fresh = (await storage.users.findById(user.id)) ?? user
  const listed = await listLogins(context, fresh)
  if (!removed) {
    const present =
      request.kind === 'email'
        ? fresh.email !== null
        : listed.logins.some(
            (login) => login.kind === 'social' && login.provider === request.provider,
          )
    // Nothing of that kind to remove is no error: the answer lists what is linked.
    if (present) throw new LastLoginError()
  }
  return listed
}

/**
 * Links the provider's account (`profile`) to the signed-in user `userId`: its identity if it
 * is new, what the provider says now if it is the user's already. An account that signs in to
 * another wallet is refused (`SocialIdentityInUseError`): accounts are never merged.
 */
export async function linkSocialIdentity(
  context: ServerContext,
  userId: string,
  provider: string,
  profile: SocialProfile,
): Promise<SocialIdentityRecord> {
  const { socialIdentities } = context.storage
  const now = context.now()
  const fields = {
    email: profile.email,
    emailVerified: profile.emailVerified,
    username: profile.username,
  }
  const known = await socialIdentities.find(provider, profile.subject)
  if (known && known.userId !== userId) throw new SocialIdentityInUseError({ provider })
  if (known) {
    const identity = { ...known, ...fields, updatedAt: now }
    await socialIdentities.update(identity)
    return identity
  }
  const identity: SocialIdentityRecord = {
    provider,
    subject: profile.subject,
    userId,
    ...fields,
    createdAt: now,
    updatedAt: now,
  }
  if (await socialIdentities.link(identity)) return identity
  // another request linked it first
  const raced = await socialIdentities.find(provider, profile.subject)
  if (raced?.userId === userId) return raced
  throw new SocialIdentityInUseError({ provider })
}
