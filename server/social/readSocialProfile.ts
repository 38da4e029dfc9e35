import { z } from 'zod'
import { SocialIdTokenError } from '../../src/errors/SocialIdTokenError'
import { SocialProviderError } from '../../src/errors/SocialProviderError'
import { emailSchema } from '../schemas/api'
import { providerFetch } from './providerFetch'
import type { ResolvedSocialProvider } from './resolveSocialProvider'

/** Who signed in, as the provider says. */
export interface SocialProfile {
  subject: string
  /** Lower-cased; null when the provider gave none or not a valid address. */
  email: string | null
  emailVerified: boolean
  username: string | null
}

/** The value at a dotted path of a JSON value. */
function at(value: unknown, path: string | undefined): unknown {
  if (!path) return undefined
  let current = value
  for (const key of path.split('.')) {
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined
const subjectOf = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value, 255)
const emailOf = (value: unknown) => {
  const parsed = emailSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** Reads the identity's fields from one answer (ID token claims or userinfo) by the map. */
function mapProfile(provider: ResolvedSocialProvider, source: unknown): Partial<SocialProfile> {
  const { profile } = provider
  const verified = at(source, profile.emailVerified)
  return {
    subject: subjectOf(at(source, profile.subject)),
    email: emailOf(at(source, profile.email)),
    // Apple sends "true" as a string.
    emailVerified: verified === true || verified === 'true',
    username: text(at(source, profile.username), 256),
  }
}

async function getJson(url: string, accessToken: string, timeoutMs: number, step: string) {
  const answer = await providerFetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    timeoutMs,
    step,
  })
  if (answer.status !== 200 || answer.body === undefined)
    throw new SocialProviderError({ reason: `${step}: HTTP ${answer.status}` })
  return answer.body
}

const emailsSchema = z.array(
  z.object({
    email: z.string(),
    primary: z.boolean().optional(),
    verified: z.boolean().optional(),
  }),
)

/**
 * The profile of a login: from the verified ID token's claims (OIDC), with the userinfo URL asked
 * when they lack the email or the username (its `sub` must be the token's); from the userinfo
 * URL alone for OAuth 2.0, and a GitHub-style emails URL for a verified primary email.
 */
export async function readSocialProfile(
  provider: ResolvedSocialProvider,
  params: { accessToken: string; claims?: Record<string, unknown> | undefined; timeoutMs: number },
): Promise<SocialProfile> {
  const { accessToken, claims, timeoutMs } = params
  let found: Partial<SocialProfile> = claims ? mapProfile(provider, claims) : {}
  const needsUserinfo = !claims || found.email === undefined || found.username === undefined
  if (needsUserinfo && provider.userinfoUrl) {
    const info = mapProfile(
      provider,
      await getJson(provider.userinfoUrl, accessToken, timeoutMs, 'userinfo'),
    )
    if (claims && info.subject !== found.subject)
      throw new SocialIdTokenError({ reason: 'SUBJECT' })
    found = {
      subject: found.subject ?? info.subject,
      email: found.email ?? info.email,
      emailVerified: found.email === undefined ? info.emailVerified : found.emailVerified,
      username: found.username ?? info.username,
    }
  }
  if (provider.emailsUrl && !(found.email && found.emailVerified)) {
    const emails = emailsSchema.safeParse(
      await getJson(provider.emailsUrl, accessToken, timeoutMs, 'emails'),
    )
    const primary = emails.success
      ? emails.data.find((entry) => entry.primary && entry.verified)
      : undefined
    const email = emailOf(primary?.email)
    if (email) found = { ...found, email, emailVerified: true }
  }
  if (!found.subject) throw new SocialProviderError({ reason: 'userinfo: no account id' })
  return {
    subject: found.subject,
    email: found.email ?? null,
    emailVerified: found.email ? (found.emailVerified ?? false) : false,
    username: found.username ?? found.email ?? null,
  }
}
