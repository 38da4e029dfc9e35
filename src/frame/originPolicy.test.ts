import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createOriginPolicy } from './originPolicy'

describe('createOriginPolicy', () => {
  test('default: dev allows loopback on any port and *.test, for any project', () => {
    const policy = createOriginPolicy()
    // Written out: comparing with the exported constant would pass whatever it held.
    expect(policy.getAllowedOrigins('anything')).toEqual([
      'http://127.0.0.1:*',
      'http://localhost:*',
      'http://*.test:*',
      'https://*.test:*',
    ])
    for (const origin of [
      'http://127.0.0.1:5173',
      'http://localhost:3000',
      'http://localhost',
      'http://dapp.test:8080',
      'https://a.b.test',
    ])
      expect(policy.isOriginAllowed('p', origin)).toBe(true)
    for (const origin of [
      'https://127.0.0.1:5173',
      'http://evil.example',
      'http://test',
      'http://localhost.evil:80',
      'null',
      '',
      'http://127.0.0.1:5173/path',
      'javascript:alert(1)',
    ])
      expect(policy.isOriginAllowed('p', origin)).toBe(false)
  })

  test('parameters: per project, with "*" as the fallback', () => {
    const policy = createOriginPolicy({
      shop: ['https://shop.example', 'https://*.shop.example'],
      '*': ['https://any.example:8443'],
    })
    expect(policy.isOriginAllowed('shop', 'https://shop.example')).toBe(true)
    expect(policy.isOriginAllowed('shop', 'https://www.shop.example')).toBe(true)
    expect(policy.isOriginAllowed('shop', 'https://evilshop.example')).toBe(false)
    expect(policy.isOriginAllowed('shop', 'http://shop.example')).toBe(false)
    expect(policy.isOriginAllowed('shop', 'https://shop.example:444')).toBe(false)
    expect(policy.isOriginAllowed('shop', 'https://any.example:8443')).toBe(false)
    expect(policy.isOriginAllowed('other', 'https://any.example:8443')).toBe(true)
    expect(policy.getAllowedOrigins('shop')).toEqual([
      'https://shop.example',
      'https://*.shop.example',
    ])
  })

  test('behavior: an unknown project without "*" is refused', () => {
    const policy = createOriginPolicy({ shop: ['https://shop.example'] })
    expect(policy.getAllowedOrigins('other')).toEqual([])
    expect(policy.isOriginAllowed('other', 'https://shop.example')).toBe(false)
  })

  test('behavior: a pattern that is not a CSP host source is an OptionsValidationError', () => {
    expect(() => createOriginPolicy({ shop: ["https://x.example 'unsafe-inline'"] })).toThrowError(
      /Invalid option "allowedOrigins.shop"/,
    )
    expect(() => createOriginPolicy({ shop: ['*'] })).toThrowError(/allowedOrigins/)
  })

  test('property: never throws on any origin string', () => {
    const policy = createOriginPolicy()
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webUrl().map((url) => new URL(url).origin),
        ),
        (origin) => {
          expect(typeof policy.isOriginAllowed('p', origin)).toBe('boolean')
        },
      ),
      { numRuns: 2000 },
    )
  })
})
