import { FarcasterIdentityInUseError } from '../../src/errors/FarcasterIdentityInUseError'
import { SocialIdentityInUseError } from '../../src/errors/SocialIdentityInUseError'
import type { ServerContext } from '../context'
import { linkSocialIdentity, loginsLockKey } from '../social/linkedLogins'

/**
 * Links the Farcaster account `fid` to the signed-in user `userId` (issue 14): an identity of
 * provider `farcaster` keyed on the fid, as a Farcaster login makes one, so the next Farcaster
 * login opens the same wallet. A fid that signs in to another wallet is refused
 * (`FarcasterIdentityInUseError`): accounts are never merged.
 */
export async function linkFarcasterIdentity(
  context: ServerContext,
  userId: string,
  fid: number,
  username: string | null,
): Promise<void> {
  const profile = { subject: String(fid), email: null, emailVerified: false, username }
  try {
    await context.storage.locks.run(loginsLockKey(userId), () =>
      linkSocialIdentity(context, userId, 'farcaster', profile),
    )
  } catch (error) {
    if (error instanceof SocialIdentityInUseError) throw new FarcasterIdentityInUseError({ fid })
    throw error
  }
}
