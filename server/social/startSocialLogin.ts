import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import type { ProvenKey } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { randomId, randomToken } from '../crypto/random'
import type { SocialFlowMode } from '../storage/types'
import { codeChallengeS256 } from './pkce'

/** What the frame sends to start a social login for its host page. */
export interface StartSocialLoginParams {
  provider: string
  deviceId: string
  /** The host page's exact origin (the frame's parent). */
  origin: string
  projectId: string
  mode: SocialFlowMode
  returnUrl?: string | undefined
  /** SHA-256 (base64url) of the single-use secret the host keeps: required in redirect mode. */
  secretHash?: string | undefined
  /** The signed-in user the provider's account is to be linked to (a session started it). */
  linkUserId?: string | undefined
}

/** The callback URL registered with the providers. */
export function socialRedirectUri(context: Pick<ServerContext, 'options' | 'publicUrl'>): string {
  return context.options.social?.redirectUrl ?? `${context.publicUrl()}/v1/social/callback`
}

/**
 * Whether `origin` is the wallet's own (this server's, or its callback page's): the frame's
 * "Ways to sign in" screen opens a link's popup itself, so the result comes back to the frame
 * and never passes through the host page.
 */
function isWalletOrigin(context: Pick<ServerContext, 'options' | 'publicUrl'>, origin: string) {
  return (
    origin === new URL(context.publicUrl()).origin ||
    origin === new URL(socialRedirectUri(context)).origin
  )
}

/**
 * Starts a social login (SPEC §4 "get the redirect URI"): a flow bound to the device key that
 * signed the request, with a fresh `state`, `nonce` (OIDC) and PKCE verifier (S256) that never
 * leaves the server. Answers the provider's authorization URL for the popup or the redirect.
 * A link (a session started it) may name the wallet's own origin instead of the host's.
 */
export async function startSocialLogin(
  context: ServerContext,
  params: StartSocialLoginParams,
  deviceKey: ProvenKey,
): Promise<{ uri: string; expiresAt: number }> {
  const provider = await context.social.provider(params.provider)
  if (
    !(params.linkUserId !== undefined && isWalletOrigin(context, params.origin)) &&
    !context.originPolicy.isOriginAllowed(params.projectId, params.origin)
  )
    throw new OriginNotAllowedError({ origin: params.origin })
  const state = randomToken()
  const nonce = randomToken()
  const codeVerifier = randomToken()
  const now = context.now()
  const expiresAt = now + context.social.flowTtlMs
  await context.storage.socialFlows.create({
    id: randomId(),
    stateHash: sha256Hex(state),
    provider: provider.id,
    deviceId: params.deviceId,
    thumbprint: deviceKey.thumbprint,
    codeVerifier,
    nonce,
    mode: params.mode,
    origin: params.origin,
    returnUrl: params.returnUrl ?? null,
    secretHash: params.secretHash ?? null,
    linkUserId: params.linkUserId ?? null,
    resultHash: null,
    code: null,
    error: null,
    createdAt: now,
    expiresAt,
    returnedAt: null,
    consumedAt: null,
  })
  const uri = new URL(provider.authorizationUrl)
  uri.searchParams.set('response_type', 'code')
  uri.searchParams.set('client_id', provider.clientId)
  uri.searchParams.set('redirect_uri', socialRedirectUri(context))
  uri.searchParams.set('scope', provider.scopes.join(' '))
  uri.searchParams.set('state', state)
  uri.searchParams.set('code_challenge', codeChallengeS256(codeVerifier))
  uri.searchParams.set('code_challenge_method', 'S256')
  if (provider.kind === 'oidc') uri.searchParams.set('nonce', nonce)
  if (provider.responseMode === 'form_post') uri.searchParams.set('response_mode', 'form_post')
  return { uri: uri.toString(), expiresAt }
}
