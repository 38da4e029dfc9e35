import { SocialLoginCancelledError } from '../../src/errors/SocialLoginCancelledError'
import { SocialProviderError } from '../../src/errors/SocialProviderError'
import { SocialResultInvalidError } from '../../src/errors/SocialResultInvalidError'
import { createSession } from '../auth/sessions'
import type { ProvenKey } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import { safeEqualHex, sha256Hex } from '../crypto/hash'
import { exchangeCode } from './exchangeCode'
import { findOrCreateSocialUser } from './findOrCreateSocialUser'
import { linkSocialIdentity } from './linkedLogins'
import { readSocialProfile } from './readSocialProfile'
import { socialRedirectUri } from './startSocialLogin'
import { verifyIdToken } from './verifyIdToken'

/** What connect social answers (SPEC §4: the username is stored by the client). */
export interface ConnectSocialAnswer {
  /** The new session's token; none when the flow linked an account to the caller's session. */
  token?: string | undefined
  /** The provider's account was linked to the signed-in user (no new session). */
  linked?: true | undefined
  provider: string
  userName: string | null
  /** The provider's email for this account, when it gave one. */
  email: string | null
}

/**
 * Connect social (SPEC §4): the frame session that started the flow (the same device key and
 * device id, and in redirect mode the host's single-use secret) turns the callback's result
 * handle into a session. The flow is consumed before the code is exchanged, so a result works
 * once; a result from another session is refused and leaves the flow to its owner.
 */
export async function connectSocial(
  context: ServerContext,
  params: {
    result: string
    deviceId: string
    secret?: string | undefined
    /** The frame's project: a sealed project's new user gets no server-made wallet. */
    projectId?: string | undefined
  },
  deviceKey: ProvenKey,
  /** The user of the session the request carries (a link flow needs the one that started it). */
  sessionUserId?: string | undefined,
): Promise<ConnectSocialAnswer> {
  const { socialFlows } = context.storage
  const flow = await socialFlows.findByResult(sha256Hex(params.result))
  if (!flow) throw new SocialResultInvalidError({ reason: 'The result is unknown.' })
  if (flow.thumbprint !== deviceKey.thumbprint || flow.deviceId !== params.deviceId)
    throw new SocialResultInvalidError({
      reason: 'The login was started by another frame session.',
    })
  if (flow.secretHash !== null) {
    // The host's secret, hashed as the host sent its hash at the start (SHA-256, base64url).
    const sent = params.secret ? sha256Hex(params.secret) : ''
    const expected = Buffer.from(flow.secretHash, 'base64url').toString('hex')
    if (!safeEqualHex(sent, expected))
      throw new SocialResultInvalidError({
        reason: 'The secret of the redirect is missing or wrong.',
      })
  }
  if (flow.linkUserId !== null && flow.linkUserId !== sessionUserId)
    throw new SocialResultInvalidError({
      reason: 'The link was started by another signed-in session.',
    })
  if (!(await socialFlows.consume(flow.id, context.now())))
    throw new SocialResultInvalidError({ reason: 'The result was used before, or it expired.' })
  if (flow.error === 'access_denied') throw new SocialLoginCancelledError()
  if (flow.error || !flow.code)
    throw new SocialProviderError({ reason: `authorize: ${flow.error ?? 'no code'}` })
  const provider = await context.social.provider(flow.provider)
  const { timeoutMs } = context.social
  const tokens = await exchangeCode(provider, {
    code: flow.code,
    codeVerifier: flow.codeVerifier,
    redirectUri: socialRedirectUri(context),
    timeoutMs,
  })
  const claims =
    provider.kind === 'oidc'
      ? await verifyIdToken(tokens.id_token, {
          provider,
          keys: await context.social.keys(provider),
          nonce: flow.nonce,
          now: context.now(),
        })
      : undefined
  const profile = await readSocialProfile(provider, {
    accessToken: tokens.access_token,
    claims,
    timeoutMs,
  })
  if (flow.linkUserId !== null) {
    const linked = await linkSocialIdentity(context, flow.linkUserId, provider.id, profile)
    return { linked: true, provider: provider.id, userName: linked.username, email: linked.email }
  }
  const { identity, userId } = await findOrCreateSocialUser(
    context,
    provider.id,
    profile,
    params.projectId,
  )
  const token = await createSession(context, { userId, deviceId: flow.deviceId, deviceKey })
  return { token, provider: provider.id, userName: identity.username, email: identity.email }
}
