import type { JWTPayload } from 'jose'
import { SocialIdTokenError, type SocialIdTokenFailure } from '../../src/errors/SocialIdTokenError'
import { loadPeer } from '../loadPeer'
import type { ResolvedSocialProvider } from './resolveSocialProvider'

/** The keys of a JWKS URL, fetched and cached by jose (one per URL and server). */
export type KeySet = Parameters<typeof import('jose').jwtVerify>[1]

// Asymmetric algorithms only: an ID token signed with the client secret (HS256) or `none` is
// refused, whatever its header says.
const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA']

function failureOf(error: unknown): SocialIdTokenFailure {
  const { code, claim } = (error ?? {}) as { code?: unknown; claim?: unknown }
  if (code === 'ERR_JWT_EXPIRED') return 'EXPIRED'
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
    if (claim === 'iss') return 'ISSUER'
    if (claim === 'aud') return 'AUDIENCE'
    if (claim === 'iat' || claim === 'nbf') return 'EXPIRED'
  }
  return 'SIGNATURE'
}

/**
 * Verifies an OpenID Connect ID token with `jose`: signature by a key of the issuer's JWKS,
 * `iss`, `aud` (and `azp` when there are several audiences), `exp` at the server's clock, the
 * flow's `nonce`, and a `sub`. Throws `SocialIdTokenError` with the failed check.
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 */
export async function verifyIdToken(
  idToken: string | undefined,
  params: { provider: ResolvedSocialProvider; keys: KeySet; nonce: string; now: number },
): Promise<JWTPayload & { sub: string }> {
  if (!idToken) throw new SocialIdTokenError({ reason: 'MISSING' })
  const { jwtVerify } = await loadPeer('jose', () => import('jose'))
  const { provider } = params
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, params.keys, {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms,
      currentDate: new Date(params.now),
      requiredClaims: ['exp', 'iat'],
    }))
  } catch (cause) {
    throw new SocialIdTokenError({ reason: failureOf(cause), cause })
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId)
    throw new SocialIdTokenError({ reason: 'AUDIENCE' })
  if (payload.nonce !== params.nonce) throw new SocialIdTokenError({ reason: 'NONCE' })
  const { sub } = payload
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255)
    throw new SocialIdTokenError({ reason: 'SUBJECT' })
  return { ...payload, sub }
}
