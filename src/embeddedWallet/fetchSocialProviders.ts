import { SocialProviderError } from '../errors/SocialProviderError'
import { type FrameLoginProvider, frameLoginProviderSchema } from '../schemas/frameValues'

/**
 * The social providers the wallet server has configured (`GET /v1/social/providers`, public and
 * open to any origin), read over plain HTTP from the host page: the Connect view's buttons need
 * no iframe, so a visitor who never signs in never loads the frame. Ids the modal has no button
 * for (an operator's own OIDC provider) are left out; the server's order is kept.
 */
export async function fetchSocialProviders(
  frameUrl: string,
  fetcher: typeof fetch = fetch,
): Promise<FrameLoginProvider[]> {
  const url = new URL('/v1/social/providers', frameUrl)
  const response = await fetcher(url, {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  })
  if (!response.ok)
    throw new SocialProviderError({
      reason: `providers: HTTP ${response.status} from ${url.origin}`,
    })
  const body = (await response.json().catch(() => undefined)) as { providers?: unknown } | undefined
  if (!Array.isArray(body?.providers))
    throw new SocialProviderError({ reason: `providers: no list from ${url.origin}` })
  return body.providers
    .filter((id): id is FrameLoginProvider => frameLoginProviderSchema.safeParse(id).success)
    .slice(0, 16)
}
