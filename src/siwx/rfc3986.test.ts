import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as abnf from '../../test/harness/rfc3986.arbitraries'
import { parseRfc3986Authority, parseRfc3986Uri, rfc3986 } from './rfc3986'

// Expected results come from the RFC 3986 ABNF: hand-written per production, or known by how a
// string is generated (derived from the grammar = valid; holding a character no production
// derives, a second "#", a broken escape… = invalid). Node's WHATWG URL is an oracle only on the
// subset where both standards define the same split.

const insertAt = (text: string, position: number, insert: string) => {
  const at = position % (text.length + 1)
  return `${text.slice(0, at)}${insert}${text.slice(at)}`
}

const productions: [keyof typeof rfc3986, fc.Arbitrary<string>, string[], string[]][] = [
  ['scheme', abnf.scheme, ['a', 'https', 'web+did', 'x-1.0'], ['', '1a', '+a', 'a_b', 'a:b']],
  [
    'userinfo',
    abnf.userinfo,
    ['', 'user', 'user:pass', 'a%20b', "!$&'()*+,;="],
    ['a@b', '%2', 'a b', 'a/b', '[x]'],
  ],
  [
    'ipv4Address',
    abnf.ipv4Address,
    ['0.0.0.0', '255.255.255.255', '1.2.3.4', '10.0.99.249'],
    ['256.1.1.1', '01.1.1.1', '1.2.3', '1.2.3.4.5', '1.2.3.4.', '1..3.4', '300.0.0.0'],
  ],
  [
    'ipv6Address',
    abnf.ipv6Address,
    [
      '::',
      '::1',
      '1::',
      '1:2:3:4:5:6:7:8',
      '1::8',
      'fe80::1',
      '::ffff:1.2.3.4',
      '1:2:3:4:5:6::',
      'ABCD:ef01::2:3',
    ],
    [
      '',
      ':',
      ':1',
      '1:',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      '1:2:3:4:5:6:7::8',
      '::1.2.3.256',
      'g::',
      '::1.2.3',
      ':::',
    ],
  ],
  [
    'ipvFuture',
    abnf.ipvFuture,
    ['v1.x', 'V1F.a:b', "vA.!$&'()*+,;=-._~"],
    ['v.x', 'v1.', 'v1x', 'vg.x', 'v1.a/b', 'v1.%20'],
  ],
  [
    'regName',
    abnf.regName,
    ['', 'example.org', 'a%2Fb', "a!$&'()*+,;=b", '1.2.3.256'],
    ['a:b', 'a@b', 'a/b', '[a]', '%g0', 'a b'],
  ],
  ['port', abnf.port, ['', '0', '443', '0080', '99999999'], ['a', '-1', '1 ', '8 0']],
  [
    'pathAbempty',
    abnf.pathAbempty,
    ['', '/', '//', '/a/b:c/@/', '/%41'],
    ['a', '/a?', '/a#', '/a b', '/['],
  ],
  ['pathAbsolute', abnf.pathAbsolute, ['/', '/a', '/a//b', '/a:b'], ['', '//', '//a', 'a', '/?']],
  ['pathRootless', abnf.pathRootless, ['a', 'a/b', 'a:b/c', '%41//'], ['', '/a', 'a b', 'a?b']],
  ['query', abnf.query, ['', 'a=b&c=d', '/?:@', '%20'], ['#', 'a#b', '[', ']', '%', 'a b', '|']],
  ['fragment', abnf.fragment, ['', 'top', '/?:@', 'a=b'], ['#', 'a#b', '[', '%2', '{']],
]

describe('rfc3986', () => {
  test.each(productions)(
    'behavior: C1 %s: hand-written valid and invalid cases',
    (name, _, valid, invalid) => {
      for (const text of valid) expect([text, rfc3986[name].test(text)]).toEqual([text, true])
      for (const text of invalid) expect([text, rfc3986[name].test(text)]).toEqual([text, false])
    },
  )

  test.each(productions)(
    'behavior: C1 %s: derived from the ABNF → valid; with a foreign character → invalid',
    (name, arbitrary) => {
      fc.assert(
        fc.property(arbitrary, abnf.foreignChar, fc.nat(), (text, foreign, position) => {
          expect(rfc3986[name].test(text)).toBe(true)
          expect(rfc3986[name].test(insertAt(text, position, foreign))).toBe(false)
        }),
        { numRuns: 200 },
      )
    },
  )
})

describe('parseRfc3986Uri', () => {
  test('default: splits a URI into its parts as written', () => {
    expect(parseRfc3986Uri('HTTPS://user:pw@[::1]:8443/a/b?c=d/?#frag')).toEqual({
      scheme: 'HTTPS',
      authority: { userinfo: 'user:pw', host: '[::1]', hostType: 'ipv6', port: '8443' },
      path: '/a/b',
      query: 'c=d/?',
      fragment: 'frag',
    })
    expect(parseRfc3986Uri('urn:isbn:0451450523')).toEqual({
      scheme: 'urn',
      path: 'isbn:0451450523',
    })
    expect(parseRfc3986Uri('https://1.2.3.4')?.authority?.hostType).toBe('ipv4')
    // §3.2.2: what does not match IPv4address is a reg-name, even when it looks like one.
    expect(parseRfc3986Uri('https://1.2.3.256')?.authority?.hostType).toBe('regName')
    expect(parseRfc3986Uri('x://[v7.a:b]')?.authority?.hostType).toBe('ipvFuture')
  })

  const valid = [
    'https://service.org/login',
    'https:',
    'https://',
    'a:b',
    'mailto:a@b.org',
    'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
    'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
    'https://[2001:db8::7]:443/c=GB?objectClass?one',
    'ldap://[2001:db8::7]/c=GB?objectClass?one',
    'https://example.org:/',
    'https://a.org/#',
    'https://a.org/?',
    'https://a.org/%7Efoo',
    'file:///etc/hosts',
    'x:/a//b',
  ]
  test.each(valid)('behavior: C1 valid URI %s', (text) => {
    expect(parseRfc3986Uri(text)).toBeDefined()
  })

  const invalid: [string, string][] = [
    ['two "#"', 'https://a.org/x#a#b'],
    ['"#" in the authority and the fragment', 'https://a#b/#c'],
    ['no scheme', '//a.org/x'],
    ['relative path', '/relative/path'],
    ['scheme starting with a digit', '1https://a.org'],
    ['empty scheme', ':a'],
    ['space', 'https://a.org/a b'],
    ['broken escape', 'https://a.org/%4'],
    ['escape with a non-hex digit', 'https://a.org/%zz'],
    ['escape in the scheme', 'ht%74ps://a.org'],
    ['two "@"', 'https://a@b@c.org/'],
    ['port with a letter', 'https://a.org:80a/'],
    ['two ports', 'https://a.org:80:80/'],
    ['unbracketed IPv6', 'https://::1/'],
    ['IPv6 with a zone', 'https://[fe80::1%25eth0]/'],
    ['bad IPv6 literal', 'https://[1::2::3]/'],
    ['unclosed literal', 'https://[::1/'],
    ['text after the literal', 'https://[::1]x/'],
    ['reg-name in brackets', 'https://[a.org]/'],
    ['"[" in the path', 'https://a.org/[x]'],
    ['"[" in the query', 'https://a.org/?q=[x]'],
    ['"]" in the fragment', 'https://a.org/#]'],
    ['backslash', 'https://a.org\\@evil.org/'],
    ['"^" in the host', 'https://a^b.org/'],
    ['non-ASCII', 'https://exämple.org/'],
    ['control character', 'https://a.org/\u0001'],
  ]
  test.each(invalid)('behavior: C1 invalid URI: %s', (_, text) => {
    expect(parseRfc3986Uri(text)).toBeUndefined()
  })

  test('behavior: C1 every URI derived from the ABNF is accepted', () => {
    fc.assert(
      fc.property(abnf.uri, (text) => {
        expect(parseRfc3986Uri(text)).toBeDefined()
      }),
      { numRuns: 1000 },
    )
  })

  test('behavior: C1 a character no production derives makes any derived URI invalid', () => {
    fc.assert(
      fc.property(abnf.uri, abnf.foreignChar, fc.nat(), (text, foreign, position) => {
        expect(parseRfc3986Uri(insertAt(text, position, foreign))).toBeUndefined()
      }),
      { numRuns: 500 },
    )
  })

  test('behavior: C1 a second "#" anywhere makes a URI invalid (at most one "#")', () => {
    fc.assert(
      fc.property(abnf.uri, abnf.fragment, fc.nat(), (text, fragment, position) => {
        const withFragment = text.includes('#') ? text : `${text}#${fragment}`
        expect(parseRfc3986Uri(withFragment)).toBeDefined()
        expect(parseRfc3986Uri(insertAt(withFragment, position, '#'))).toBeUndefined()
      }),
      { numRuns: 500 },
    )
  })

  test('behavior: C1 a "%" not followed by two hex digits makes a URI invalid', () => {
    fc.assert(
      fc.property(
        abnf.uri,
        fc.constantFrom('%', '%g', '%0g', '%G0', '%-1'),
        fc.nat(),
        (text, broken, position) => {
          // At the very end a lone "%" or "%0" is followed by nothing, which is broken as well.
          expect(
            parseRfc3986Uri(insertAt(text, position, broken.length === 1 ? '%x' : broken)),
          ).toBeUndefined()
          expect(parseRfc3986Uri(`${text}%`)).toBeUndefined()
        },
      ),
      { numRuns: 300 },
    )
  })

  test('behavior: C1 an authority with two "@", or a port with a non-digit, is invalid', () => {
    const host = fc.oneof(abnf.regName, abnf.ipv4Address, abnf.ipLiteral)
    fc.assert(
      fc.property(
        abnf.scheme,
        abnf.userinfo,
        abnf.userinfo,
        host,
        abnf.port,
        abnf.ALPHA,
        abnf.pathAbempty,
        (scheme, a, b, h, port, letter, path) => {
          expect(parseRfc3986Uri(`${scheme}://${a}@${h}:${port}${path}`)).toBeDefined()
          expect(parseRfc3986Uri(`${scheme}://${a}@${b}@${h}${path}`)).toBeUndefined()
          expect(parseRfc3986Uri(`${scheme}://${a}@${h}:${port}${letter}${path}`)).toBeUndefined()
        },
      ),
      { numRuns: 300 },
    )
  })

  test('behavior: C1 matches WHATWG URL on http(s) URIs where both define the same parts', () => {
    // The subset: lowercase DNS names or IPv4 (no normalization), ports without leading zeros,
    // path segments and query/fragment without ".", "%" or characters WHATWG re-encodes.
    const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789')
    const label = fc
      .string({ unit: lower, minLength: 1, maxLength: 8 })
      // WHATWG reads a last label of digits, or "0x" and hex digits, as an IPv4 number.
      .filter((l) => !/^(\d+|0x[0-9a-f]*)$/.test(l))
    const dnsName = fc
      .array(label, { minLength: 1, maxLength: 3 })
      .map((labels) => labels.join('.'))
    const safe = fc.constantFrom(...'abcXYZ019-_~=&:@!$*+,;')
    const part = fc.string({ unit: safe, maxLength: 8 })
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https'),
        fc.oneof(dnsName, abnf.ipv4Address),
        fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
        fc.array(part, { maxLength: 3 }),
        fc.option(part, { nil: undefined }),
        fc.option(part, { nil: undefined }),
        (scheme, host, port, segments, query, fragment) => {
          const path = segments.map((s) => `/${s}`).join('')
          const text = `${scheme}://${host}${port ? `:${port}` : ''}${path}${query !== undefined ? `?${query}` : ''}${fragment !== undefined ? `#${fragment}` : ''}`
          const url = new URL(text)
          const parts = parseRfc3986Uri(text)
          expect(parts).toBeDefined()
          expect(`${parts?.scheme}:`).toBe(url.protocol)
          expect(parts?.authority?.host).toBe(url.hostname)
          const defaultPort = scheme === 'https' ? '443' : '80'
          expect(parts?.authority?.port === defaultPort ? '' : (parts?.authority?.port ?? '')).toBe(
            url.port,
          )
          expect(parts?.path || '/').toBe(url.pathname)
          expect(parts?.query ? `?${parts.query}` : '').toBe(url.search)
          expect(parts?.fragment ? `#${parts.fragment}` : '').toBe(url.hash)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('parseRfc3986Authority', () => {
  test('default: userinfo, host and port', () => {
    expect(parseRfc3986Authority('u@a.org:1')).toEqual({
      userinfo: 'u',
      host: 'a.org',
      hostType: 'regName',
      port: '1',
    })
    expect(parseRfc3986Authority('[::1]')).toEqual({ host: '[::1]', hostType: 'ipv6' })
    expect(parseRfc3986Authority('')).toEqual({ host: '', hostType: 'regName' })
  })

  test.each(['a@b@c', 'a:1:2', '[::1', '[::1]:x', '[x]', 'a/b', 'a b', '[::1]]'])(
    'behavior: C1 invalid authority %s',
    (text) => {
      expect(parseRfc3986Authority(text)).toBeUndefined()
    },
  )
})
