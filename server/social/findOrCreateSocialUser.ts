import { SocialEmailNeedsProofError } from '../../src/errors/SocialEmailNeedsProofError'
import { SocialProviderError } from '../../src/errors/SocialProviderError'
import type { ServerContext } from '../context'
import { randomId } from '../crypto/random'
import { custodyModeOf } from '../custody/custodyMode'
import { createWalletRecord } from '../custody/wallets'
import type { SocialIdentityRecord } from '../storage/types'
import type { SocialProfile } from './readSocialProfile'

/**
 * The user of (provider, subject): the identity's user, with what the provider says now stored;
 * on a first login a new user and its wallet, made as email login makes them (none in a sealed
 * project: the frame makes it after the login, and the server never holds it). A first login
 * whose verified email belongs to an email account is refused with `SocialEmailNeedsProofError`:
 * accounts are never merged silently (the visitor proves the email, then links).
 */
export async function findOrCreateSocialUser(
  context: ServerContext,
  provider: string,
  profile: SocialProfile,
  projectId?: string | undefined,
): Promise<{ userId: string; identity: SocialIdentityRecord }> {
  const { identities, users } = {
    identities: context.storage.socialIdentities,
    users: context.storage.users,
  }
  const now = context.now()
  const known = await identities.find(provider, profile.subject)
  if (known) {
    const identity = { ...known, ...fields(profile), updatedAt: now }
    await identities.update(identity)
    return { userId: known.userId, identity }
  }
  if (profile.email && profile.emailVerified && (await users.findByEmail(profile.email)))
    throw new SocialEmailNeedsProofError({ email: profile.email, provider })
  const user = { id: randomId(), email: null, createdAt: now }
  const identity: SocialIdentityRecord = {
    provider,
    subject: profile.subject,
    userId: user.id,
    ...fields(profile),
    createdAt: now,
    updatedAt: now,
  }
  const wallet =
    custodyModeOf(context.options.custody, projectId) === 'sealed'
      ? undefined
      : createWalletRecord(context, user.id)
  if (await identities.createWithUser(user, wallet, identity)) return { userId: user.id, identity }
  // Another request made this identity first: use its user.
  const created = await identities.find(provider, profile.subject)
  if (!created) throw new SocialProviderError({ reason: 'the identity could not be stored' })
  return { userId: created.userId, identity: created }
}

function fields(profile: SocialProfile) {
  return { email: profile.email, emailVerified: profile.emailVerified, username: profile.username }
}
