import * as fc from 'fast-check'

// Test support only (not exported from the package): fast-check arbitraries built from the ABNF
// of RFC 3986 Appendix A, one per production. Each produces only strings the production derives,
// so "valid" is known by construction, never by asking the validator under test.

const chars = (text: string) => fc.constantFrom(...text)
const join = (parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((list) => list.join(''))
const repeat = (unit: fc.Arbitrary<string>, minLength: number, maxLength: number) =>
  fc.array(unit, { minLength, maxLength }).map((list) => list.join(''))

export const ALPHA = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')
export const DIGIT = chars('0123456789')
export const HEXDIG = chars('0123456789ABCDEFabcdef')
export const unreserved = fc.oneof(ALPHA, DIGIT, chars('-._~'))
export const subDelims = chars("!$&'()*+,;=")
export const pctEncoded = join([fc.constant('%'), HEXDIG, HEXDIG])
export const pchar = fc.oneof(unreserved, pctEncoded, subDelims, chars(':@'))

export const scheme = join([ALPHA, repeat(fc.oneof(ALPHA, DIGIT, chars('+-.')), 0, 8)])
export const userinfo = repeat(fc.oneof(unreserved, pctEncoded, subDelims, chars(':')), 0, 12)
/** `dec-octet`, each alternative of the production separately. */
export const decOctet = fc.oneof(
  DIGIT,
  join([chars('123456789'), DIGIT]),
  join([fc.constant('1'), DIGIT, DIGIT]),
  join([fc.constant('2'), chars('01234'), DIGIT]),
  join([fc.constant('25'), chars('012345')]),
)
export const ipv4Address = fc.tuple(decOctet, decOctet, decOctet, decOctet).map((o) => o.join('.'))
export const h16 = repeat(HEXDIG, 1, 4)
export const ls32 = fc.oneof(join([h16, fc.constant(':'), h16]), ipv4Address)
const h16Colons = (count: number) =>
  fc
    .array(h16, { minLength: count, maxLength: count })
    .map((list) => list.map((h) => `${h}:`).join(''))
/** `[ *n( h16 ":" ) h16 ]`. */
const h16Prefix = (n: number) =>
  fc.option(
    fc.integer({ min: 0, max: n }).chain((count) => join([h16Colons(count), h16])),
    { nil: '' },
  )
/** `IPv6address`, each of its nine alternatives. */
export const ipv6Address = fc.oneof(
  join([h16Colons(6), ls32]),
  join([fc.constant('::'), h16Colons(5), ls32]),
  join([h16Prefix(0), fc.constant('::'), h16Colons(4), ls32]),
  join([h16Prefix(1), fc.constant('::'), h16Colons(3), ls32]),
  join([h16Prefix(2), fc.constant('::'), h16Colons(2), ls32]),
  join([h16Prefix(3), fc.constant('::'), h16, fc.constant(':'), ls32]),
  join([h16Prefix(4), fc.constant('::'), ls32]),
  join([h16Prefix(5), fc.constant('::'), h16]),
  join([h16Prefix(6), fc.constant('::')]),
)
export const ipvFuture = join([
  chars('vV'),
  repeat(HEXDIG, 1, 3),
  fc.constant('.'),
  repeat(fc.oneof(unreserved, subDelims, chars(':')), 1, 8),
])
export const ipLiteral = fc.oneof(ipv6Address, ipvFuture).map((inner) => `[${inner}]`)
export const regName = repeat(fc.oneof(unreserved, pctEncoded, subDelims), 0, 16)
export const host = fc.oneof(ipLiteral, ipv4Address, regName)
export const port = repeat(DIGIT, 0, 6)
export const authority = join([
  fc.option(
    userinfo.map((u) => `${u}@`),
    { nil: '' },
  ),
  host,
  fc.option(
    port.map((p) => `:${p}`),
    { nil: '' },
  ),
])
export const segment = repeat(pchar, 0, 6)
export const segmentNz = repeat(pchar, 1, 6)
export const pathAbempty = repeat(
  segment.map((s) => `/${s}`),
  0,
  4,
)
export const pathAbsolute = join([
  fc.constant('/'),
  fc.option(join([segmentNz, pathAbempty]), { nil: '' }),
])
export const pathRootless = join([segmentNz, pathAbempty])
export const query = repeat(fc.oneof(pchar, chars('/?')), 0, 12)
/** `fragment = *( pchar / "/" / "?" )`: the same production as `query`, drawn on its own. */
export const fragment = repeat(fc.oneof(pchar, chars('/?')), 0, 12)
export const hierPart = fc.oneof(
  join([fc.constant('//'), authority, pathAbempty]),
  pathAbsolute,
  pathRootless,
  fc.constant(''),
)
/** `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`. */
export const uri = join([
  scheme,
  fc.constant(':'),
  hierPart,
  fc.option(
    query.map((q) => `?${q}`),
    { nil: '' },
  ),
  fc.option(
    fragment.map((f) => `#${f}`),
    { nil: '' },
  ),
])

/** Characters no production of RFC 3986 derives (outside `reserved`, `unreserved` and "%"). */
export const foreignChar = chars(' "<>\\^`{|}\u00e9\u0000\u007f')
