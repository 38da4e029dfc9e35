import { describe, expect, test, vi } from 'vitest'
import { SocialProviderError } from '../errors/SocialProviderError'
import { fetchSocialProviders } from './fetchSocialProviders'

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch

describe('fetchSocialProviders', () => {
  test('default: GET /v1/social/providers beside the frame page, without credentials; unknown ids left out, order kept', async () => {
    const fetcher = answer(200, { providers: ['github', 'corp-sso', 'google', 42, 'farcaster'] })
    const providers = await fetchSocialProviders('https://wallet.example/frame?x=1', fetcher)
    expect(providers).toEqual(['github', 'google', 'farcaster'])
    const [url, init] = vi.mocked(fetcher).mock.calls[0] ?? []
    expect(String(url)).toBe('https://wallet.example/v1/social/providers')
    expect(init).toMatchObject({ credentials: 'omit' })
  })

  test('error: an error status or a body without a list is SocialProviderError naming the server', async () => {
    await expect(
      fetchSocialProviders('https://wallet.example/frame', answer(503, {})),
    ).rejects.toThrow(SocialProviderError)
    await expect(
      fetchSocialProviders('https://wallet.example/frame', answer(200, { providers: 'google' })),
    ).rejects.toMatchObject({
      name: 'SocialProviderError',
      reason: expect.stringContaining('wallet.example'),
    })
  })
})
