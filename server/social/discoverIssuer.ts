import { z } from 'zod'
import { SocialProviderError } from '../../src/errors/SocialProviderError'
import { providerFetch } from './providerFetch'

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  jwks_uri: z.url(),
})

/** The endpoints an OpenID Connect issuer publishes. */
export type IssuerMetadata = z.output<typeof discoverySchema>

/**
 * Reads `<issuer>/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 §4); its
 * `issuer` must be exactly the configured one (§4.3).
 * @see https://openid.net/specs/openid-connect-discovery-1_0.html
 */
export async function discoverIssuer(issuer: string, timeoutMs: number): Promise<IssuerMetadata> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  const answer = await providerFetch(url, {
    headers: { accept: 'application/json' },
    timeoutMs,
    step: 'discovery',
  })
  const parsed = discoverySchema.safeParse(answer.body)
  if (answer.status !== 200 || !parsed.success)
    throw new SocialProviderError({ reason: `discovery: ${url} is not an OpenID configuration.` })
  if (parsed.data.issuer !== issuer)
    throw new SocialProviderError({
      reason: `discovery: the document names issuer ${parsed.data.issuer}, not ${issuer}.`,
    })
  return parsed.data
}
