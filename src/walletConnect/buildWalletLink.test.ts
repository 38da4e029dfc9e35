import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidWcUriError } from '../errors/InvalidWcUriError'
import { buildWalletLink, isAllowedWalletLink, toLinkBase } from './buildWalletLink'

const uri = `wc:${'a'.repeat(64)}@2?expiryTimestamp=1700000300&relay-protocol=irn&symKey=${'b'.repeat(64)}`
const encoded = encodeURIComponent(uri)

describe('toLinkBase', () => {
  test('behavior: schemes with and without "://", universal links with and without a slash', () => {
    expect(toLinkBase('metamask://')).toBe('metamask://')
    expect(toLinkBase('metamask:')).toBe('metamask://')
    expect(toLinkBase('metamask')).toBe('metamask://')
    expect(toLinkBase('trust://open')).toBe('trust://open/')
    expect(toLinkBase('https://metamask.app.link')).toBe('https://metamask.app.link/')
    expect(toLinkBase('https://link.trustwallet.com/')).toBe('https://link.trustwallet.com/')
    expect(toLinkBase('  ')).toBeUndefined()
    expect(toLinkBase('not a scheme')).toBeUndefined()
  })
})

describe('buildWalletLink', () => {
  const wallet = {
    mobileLink: 'metamask://',
    universalLink: 'https://metamask.app.link',
    desktopLink: 'ledgerlive:',
    webappLink: 'https://app.example.com/',
  }

  test('default: SPEC §7 form {scheme}wc?uri={encoded uri} on mobile', () => {
    expect(buildWalletLink({ wallet, uri, platform: 'mobile' })).toEqual({
      href: `metamask://wc?uri=${encoded}`,
      kind: 'deep',
    })
  })

  test('parameters: platform', () => {
    expect(buildWalletLink({ wallet, uri, platform: 'desktop' })).toEqual({
      href: `ledgerlive://wc?uri=${encoded}`,
      kind: 'desktop',
    })
    for (const platform of ['telegram', 'ios-safari'] as const) {
      expect(buildWalletLink({ wallet, uri, platform })).toEqual({
        href: `https://metamask.app.link/wc?uri=${encoded}`,
        kind: 'universal',
      })
    }
  })

  test('behavior: falls back in order, and to nothing (QR only)', () => {
    expect(
      buildWalletLink({ wallet: { webappLink: wallet.webappLink }, uri, platform: 'desktop' }),
    ).toEqual({
      href: `https://app.example.com/wc?uri=${encoded}`,
      kind: 'webapp',
    })
    expect(
      buildWalletLink({ wallet: { mobileLink: 'rainbow:' }, uri, platform: 'ios-safari' }),
    ).toEqual({
      href: `rainbow://wc?uri=${encoded}`,
      kind: 'deep',
    })
    expect(
      buildWalletLink({ wallet: { mobileLink: 'https://rnbwapp.com' }, uri, platform: 'mobile' }),
    ).toEqual({ href: `https://rnbwapp.com/wc?uri=${encoded}`, kind: 'universal' })
    expect(
      buildWalletLink({ wallet: { mobileLink: 'x://' }, uri, platform: 'desktop' }),
    ).toBeUndefined()
    expect(buildWalletLink({ wallet: {}, uri, platform: 'mobile' })).toBeUndefined()
  })

  test('behavior: links outside the allowlist are skipped', () => {
    for (const bad of [
      'javascript:alert(1)//',
      'JavaScript://alert(1)',
      'data:text/html,x',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'http://metamask.app.link',
      'java\tscript://x',
      ' javascript:x',
      'https://',
    ]) {
      expect(
        buildWalletLink({ wallet: { mobileLink: bad }, uri, platform: 'mobile' }),
      ).toBeUndefined()
      expect(
        buildWalletLink({
          wallet: { mobileLink: bad, webappLink: wallet.webappLink },
          uri,
          platform: 'mobile',
        })?.kind,
      ).toBe('webapp')
    }
  })

  test('behavior: an invalid pairing URI throws', () => {
    expect(() => buildWalletLink({ wallet, uri: 'wc:nope', platform: 'mobile' })).toThrow(
      InvalidWcUriError,
    )
  })

  test('property: every link built passes the allowlist and carries the URI exactly once, encoded', () => {
    const link = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}(:|:\/\/)?$/),
      fc.constantFrom('javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'),
    )
    fc.assert(
      fc.property(
        fc.record(
          { mobileLink: link, universalLink: link, desktopLink: link, webappLink: link },
          { requiredKeys: [] },
        ),
        fc.constantFrom('desktop', 'mobile', 'telegram', 'ios-safari' as const),
        (links, platform) => {
          const built = buildWalletLink({ wallet: links, uri, platform })
          if (built === undefined) return
          expect(isAllowedWalletLink(built.href)).toBe(true)
          expect(built.href.endsWith(`wc?uri=${encoded}`)).toBe(true)
          expect(/^(javascript|data|vbscript|file|blob|about|http):/i.test(built.href)).toBe(false)
          const url = new URL(built.href)
          expect(url.searchParams.get('uri')).toBe(uri)
        },
      ),
    )
  })
})
