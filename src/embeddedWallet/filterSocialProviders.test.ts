import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { socialProviders } from '../schemas/socialProviders'
import { filterSocialProviders, readSocialPlatform } from './filterSocialProviders'

const everywhere = ['google', 'github', 'apple', 'facebook', 'x', 'discord']
const browser = { telegram: false, os: 'other' } as const

describe('filterSocialProviders', () => {
  test('default: the host order (SPEC §9), only what the server configured, Farcaster when on', () => {
    expect(filterSocialProviders(socialProviders, everywhere, browser)).toEqual([
      'google',
      'x',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(filterSocialProviders(socialProviders, [...everywhere, 'farcaster'], browser)).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(filterSocialProviders(['github', 'google'], ['google', 'github'], browser)).toEqual([
      'github',
      'google',
    ])
    expect(filterSocialProviders(socialProviders, ['github'], browser)).toEqual(['github'])
  })

  test('behavior: inside Telegram (SPEC §5) iOS drops google, macOS x, Android facebook and x', () => {
    const all = filterSocialProviders.bind(null, socialProviders, everywhere)
    expect(all({ telegram: true, os: 'ios' })).not.toContain('google')
    expect(all({ telegram: true, os: 'macos' })).toEqual([
      'google',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(all({ telegram: true, os: 'android' })).toEqual(['google', 'discord', 'apple', 'github'])
    expect(all({ telegram: false, os: 'android' })).toContain('facebook')
  })

  test('property: the result is a sub-list of the wanted list, in its order', () => {
    fc.assert(
      fc.property(
        fc.subarray([...socialProviders]),
        fc.subarray(everywhere),
        fc.record({
          telegram: fc.boolean(),
          os: fc.constantFrom('ios', 'macos', 'android', 'other' as const),
        }),
        (wanted, configured, platform) => {
          const shown = filterSocialProviders(wanted, configured, platform)
          expect(wanted.filter((p) => shown.includes(p as never))).toEqual(shown)
          for (const provider of shown) expect(configured).toContain(provider)
        },
      ),
    )
  })
})

describe('readSocialPlatform', () => {
  test('default: user agents and the Telegram web view', () => {
    const ua = (userAgent: string, extra = {}) =>
      readSocialPlatform({ navigator: { userAgent }, ...extra })
    expect(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toEqual({
      telegram: false,
      os: 'ios',
    })
    expect(ua('Mozilla/5.0 (Linux; Android 14)', { TelegramWebviewProxy: {} })).toEqual({
      telegram: true,
      os: 'android',
    })
    expect(
      ua(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 Telegram-Android/11.2.3 (Google Pixel 8; Android 14; SDK 34; HIGH)',
      ),
    ).toEqual({ telegram: true, os: 'android' })
    expect(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)').os).toBe('macos')
    expect(ua('Mozilla/5.0 (X11; Linux x86_64)')).toEqual({ telegram: false, os: 'other' })
  })
})
