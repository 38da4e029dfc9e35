import { SocialProviderError } from '../../src/errors/SocialProviderError'
import { discoverIssuer } from './discoverIssuer'
import type { SocialProviderOptions } from './socialOptions'
import { oidcDefaults, type ProfileMap, type SocialPreset, socialPresets } from './socialPresets'

/** A provider ready to use: every endpoint its protocol needs, and its client. */
export interface ResolvedSocialProvider {
  id: string
  kind: 'oidc' | 'oauth2'
  clientId: string
  clientSecret: string | undefined
  issuer: string | undefined
  authorizationUrl: string
  tokenUrl: string
  userinfoUrl: string | undefined
  jwksUrl: string | undefined
  emailsUrl: string | undefined
  scopes: readonly string[]
  responseMode: 'query' | 'form_post'
  tokenAuth: 'client_secret_post' | 'client_secret_basic'
  profile: ProfileMap
}

/**
 * Merges the operator's options over the preset. An operator's `issuer` replaces the preset's
 * endpoints (they belong to the preset's issuer); endpoints still missing come from the issuer's
 * discovery document, read only here, on a provider's first use.
 */
export async function resolveSocialProvider(
  id: string,
  options: SocialProviderOptions,
  timeoutMs: number,
): Promise<ResolvedSocialProvider> {
  const preset: SocialPreset = socialPresets[id] ?? oidcDefaults
  const base: Partial<SocialPreset> =
    options.issuer && options.issuer !== preset.issuer
      ? {
          ...preset,
          authorizationUrl: undefined,
          tokenUrl: undefined,
          userinfoUrl: undefined,
          jwksUrl: undefined,
        }
      : preset
  const issuer = options.issuer ?? base.issuer
  let authorizationUrl = options.authorizationUrl ?? base.authorizationUrl
  let tokenUrl = options.tokenUrl ?? base.tokenUrl
  let userinfoUrl = options.userinfoUrl ?? base.userinfoUrl
  let jwksUrl = options.jwksUrl ?? base.jwksUrl
  const kind = preset.kind
  if (kind === 'oidc' && issuer && (!authorizationUrl || !tokenUrl || !jwksUrl)) {
    const metadata = await discoverIssuer(issuer, timeoutMs)
    authorizationUrl ??= metadata.authorization_endpoint
    tokenUrl ??= metadata.token_endpoint
    userinfoUrl ??= metadata.userinfo_endpoint
    jwksUrl ??= metadata.jwks_uri
  }
  if (!authorizationUrl || !tokenUrl || (kind === 'oauth2' && !userinfoUrl))
    throw new SocialProviderError({
      reason: `${id}: the provider has no authorization, token or userinfo URL.`,
    })
  return {
    id,
    kind,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    issuer,
    authorizationUrl,
    tokenUrl,
    userinfoUrl,
    jwksUrl,
    emailsUrl: options.emailsUrl ?? preset.emailsUrl,
    scopes: options.scopes ?? preset.scopes,
    responseMode: options.responseMode ?? preset.responseMode,
    tokenAuth: options.tokenAuth ?? preset.tokenAuth,
    profile: { ...preset.profile, ...options.profile },
  }
}
