import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isSafeDeepLinkUrl, isSafeImageUrl, isSafeLinkUrl, maxDataImageLength } from './url'

describe('isSafeImageUrl', () => {
  test('default', () => {
    expect(isSafeImageUrl('https://example.com/icon.png')).toBe(true)
    expect(isSafeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true)
    expect(isSafeImageUrl('data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(
      true,
    )
    expect(isSafeImageUrl('data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+')).toBe(true)
    for (const type of ['jpeg', 'gif', 'webp']) {
      expect(isSafeImageUrl(`data:image/${type};base64,AAAA`)).toBe(true)
    }
  })

  test('behavior: other schemes and types fail', () => {
    for (const url of [
      'http://example.com/icon.png',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/bmp;base64,AAAA',
      'data:image/png',
      'blob:https://example.com/1',
      '//example.com/icon.png',
      '/icon.png',
      'https://',
      ' https://example.com/icon.png',
      'https://exa\nmple.com/icon.png',
      '',
    ]) {
      expect(isSafeImageUrl(url)).toBe(false)
    }
    expect(isSafeImageUrl(undefined)).toBe(false)
    expect(isSafeImageUrl(42)).toBe(false)
  })

  test('behavior: data URIs are capped at 128 KB', () => {
    const prefix = 'data:image/png;base64,'
    expect(isSafeImageUrl(prefix + 'A'.repeat(maxDataImageLength - prefix.length))).toBe(true)
    expect(isSafeImageUrl(prefix + 'A'.repeat(maxDataImageLength - prefix.length + 1))).toBe(false)
  })

  test('behavior: never throws; a pass is https or a data image', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.anything()), (value) => {
        const safe = isSafeImageUrl(value)
        if (safe) expect(value).toMatch(/^(https:\/\/|data:image\/)/i)
      }),
    )
  })
})

describe('isSafeLinkUrl', () => {
  test('default', () => {
    expect(isSafeLinkUrl('https://example.com/terms')).toBe(true)
    expect(isSafeLinkUrl('HTTPS://example.com')).toBe(true)
  })

  test('behavior: only https', () => {
    for (const url of [
      'http://example.com',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'metamask://wc',
      'https:example.com',
      '',
    ]) {
      expect(isSafeLinkUrl(url)).toBe(false)
    }
  })

  test('behavior: never throws; a pass starts with https://', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.anything()), (value) => {
        if (isSafeLinkUrl(value)) expect(value).toMatch(/^https:\/\//i)
      }),
    )
  })
})

describe('isSafeDeepLinkUrl', () => {
  test('default', () => {
    expect(isSafeDeepLinkUrl('metamask://')).toBe(true)
    expect(isSafeDeepLinkUrl('trust://wc?uri=')).toBe(true)
    expect(isSafeDeepLinkUrl('https://link.example.com/wc')).toBe(true)
  })

  test('behavior: script, data and file schemes fail', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'http://example.com',
      'metamask:',
      'no-scheme',
      '',
    ]) {
      expect(isSafeDeepLinkUrl(url)).toBe(false)
    }
  })

  test('behavior: never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        const safe = isSafeDeepLinkUrl(value)
        if (safe) expect(value).not.toMatch(/^\s*(javascript|data|vbscript):/i)
      }),
    )
  })
})
