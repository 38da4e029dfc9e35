import { z } from 'zod'
import { SocialProviderError } from '../../src/errors/SocialProviderError'
import { providerFetch } from './providerFetch'
import type { ResolvedSocialProvider } from './resolveSocialProvider'

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  id_token: z.string().min(1).optional(),
})

/** What a token endpoint gave for a code. */
export type ProviderTokens = z.output<typeof tokenAnswerSchema>

/**
 * Redeems an authorization code at the provider's token endpoint with the flow's PKCE verifier
 * (RFC 7636) and the client's credentials. A refusal (a code used before, a verifier that does
 * not match the challenge, an expired code) is `SocialProviderError` with the provider's `error`.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3
 */
export async function exchangeCode(
  provider: ResolvedSocialProvider,
  params: { code: string; codeVerifier: string; redirectUri: string; timeoutMs: number },
): Promise<ProviderTokens> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.codeVerifier,
  })
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  }
  if (provider.tokenAuth === 'client_secret_basic' && provider.clientSecret) {
    // RFC 6749 §2.3.1: each part form-encoded before base64.
    const user = encodeURIComponent(provider.clientId)
    const secret = encodeURIComponent(provider.clientSecret)
    headers.authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`
  } else {
    form.set('client_id', provider.clientId)
    if (provider.clientSecret) form.set('client_secret', provider.clientSecret)
  }
  const answer = await providerFetch(provider.tokenUrl, {
    method: 'POST',
    headers,
    body: form.toString(),
    timeoutMs: params.timeoutMs,
    step: 'token',
  })
  const parsed = tokenAnswerSchema.safeParse(answer.body)
  if (answer.status === 200 && parsed.success) return parsed.data
  // GitHub answers a refused code with 200 and an `error` field.
  const error = z.object({ error: z.string().max(200) }).safeParse(answer.body)
  throw new SocialProviderError({
    reason: `token: ${error.success ? error.data.error : `HTTP ${answer.status}, no access token`}`,
  })
}
