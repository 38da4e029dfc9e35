// RFC 3986 (URI generic syntax), Appendix A, written production by production as regular
// expression sources. Every source below is unanchored; `whole` anchors one for a full match.

const alpha = 'A-Za-z'
const hexDigit = '0-9A-Fa-f'
/** `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (character-class body). */
const unreserved = `${alpha}0-9\\-._~`
/** `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`. */
const subDelims = "!$&'()*+,;="
/** `pct-encoded = "%" HEXDIG HEXDIG`. */
const pctEncoded = `%[${hexDigit}]{2}`
/** `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`. */
const pchar = `(?:[${unreserved}${subDelims}:@]|${pctEncoded})`

/** `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`. */
const scheme = `[${alpha}][${alpha}0-9+\\-.]*`
/** `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`. */
const userinfo = `(?:[${unreserved}${subDelims}:]|${pctEncoded})*`
/** `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`. */
const decOctet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])'
/** `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`. */
const ipv4 = `${decOctet}\\.${decOctet}\\.${decOctet}\\.${decOctet}`
/** `h16 = 1*4HEXDIG`. */
const h16 = `[${hexDigit}]{1,4}`
/** `ls32 = ( h16 ":" h16 ) / IPv4address`. */
const ls32 = `(?:${h16}:${h16}|${ipv4})`
/** `n( h16 ":" )`. */
const h16Colon = (min: number, max = min) => `(?:${h16}:){${min},${max}}`
/** `[ *n( h16 ":" ) h16 ]`. */
const h16Prefix = (n: number) => `(?:${n > 0 ? h16Colon(0, n) : ''}${h16})?`
/** The nine alternatives of `IPv6address`, in the RFC's order. */
const ipv6 = `(?:${[
  `${h16Colon(6)}${ls32}`,
  `::${h16Colon(5)}${ls32}`,
  `${h16Prefix(0)}::${h16Colon(4)}${ls32}`,
  `${h16Prefix(1)}::${h16Colon(3)}${ls32}`,
  `${h16Prefix(2)}::${h16Colon(2)}${ls32}`,
  `${h16Prefix(3)}::${h16}:${ls32}`,
  `${h16Prefix(4)}::${ls32}`,
  `${h16Prefix(5)}::${h16}`,
  `${h16Prefix(6)}::`,
].join('|')})`
/** `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`. */
const ipvFuture = `[vV][${hexDigit}]+\\.[${unreserved}${subDelims}:]+`
/** `reg-name = *( unreserved / pct-encoded / sub-delims )`. */
const regName = `(?:[${unreserved}${subDelims}]|${pctEncoded})*`
/** `port = *DIGIT`. */
const port = '[0-9]*'
/** `segment = *pchar`. */
const segment = `${pchar}*`
/** `segment-nz = 1*pchar`. */
const segmentNz = `${pchar}+`
/** `path-abempty = *( "/" segment )`. */
const pathAbempty = `(?:/${segment})*`
/** `path-absolute = "/" [ segment-nz *( "/" segment ) ]`. */
const pathAbsolute = `/(?:${segmentNz}${pathAbempty})?`
/** `path-rootless = segment-nz *( "/" segment )`. */
const pathRootless = `${segmentNz}${pathAbempty}`
/** `query = *( pchar / "/" / "?" )`; `fragment` is the same production. */
const query = `(?:${pchar}|[/?])*`

const whole = (source: string) => new RegExp(`^(?:${source})$`)

/** Anchored matchers of single RFC 3986 productions, for callers and tests. */
export const rfc3986 = {
  scheme: whole(scheme),
  userinfo: whole(userinfo),
  ipv4Address: whole(ipv4),
  ipv6Address: whole(ipv6),
  ipvFuture: whole(ipvFuture),
  regName: whole(regName),
  port: whole(port),
  pathAbempty: whole(pathAbempty),
  pathAbsolute: whole(pathAbsolute),
  pathRootless: whole(pathRootless),
  query: whole(query),
  fragment: whole(query),
} as const

/** Which `host` alternative matched (RFC 3986 §3.2.2: IPv4address wins over reg-name). */
export type Rfc3986HostType = 'ipv6' | 'ipvFuture' | 'ipv4' | 'regName'

/** The parts of an RFC 3986 `authority`, as written (not decoded, not case-folded). */
export type Rfc3986Authority = {
  userinfo?: string | undefined
  /** The host as written; an IP literal keeps its brackets. */
  host: string
  hostType: Rfc3986HostType
  port?: string | undefined
}

/** The parts of an RFC 3986 `URI`, as written (not decoded, not normalized). */
export type Rfc3986Uri = {
  scheme: string
  authority?: Rfc3986Authority | undefined
  path: string
  query?: string | undefined
  fragment?: string | undefined
}

/**
 * Splits `authority = [ userinfo "@" ] host [ ":" port ]` and checks each part against its
 * production; `undefined` when the text is not an authority. `userinfo` holds no "@" and a
 * reg-name or IPv4 host no ":", so the first "@" and the host's first ":" are the delimiters.
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-3.2
 */
export function parseRfc3986Authority(text: string): Rfc3986Authority | undefined {
  const at = text.indexOf('@')
  const userinfo = at === -1 ? undefined : text.slice(0, at)
  if (userinfo !== undefined && !rfc3986.userinfo.test(userinfo)) return undefined
  const hostAndPort = text.slice(at + 1)
  let host: string
  let rest: string
  let hostType: Rfc3986HostType
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']')
    if (close === -1) return undefined
    host = hostAndPort.slice(0, close + 1)
    rest = hostAndPort.slice(close + 1)
    const literal = host.slice(1, -1)
    if (rfc3986.ipv6Address.test(literal)) hostType = 'ipv6'
    else if (rfc3986.ipvFuture.test(literal)) hostType = 'ipvFuture'
    else return undefined
  } else {
    const colon = hostAndPort.indexOf(':')
    host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon)
    rest = colon === -1 ? '' : hostAndPort.slice(colon)
    if (rfc3986.ipv4Address.test(host)) hostType = 'ipv4'
    else if (rfc3986.regName.test(host)) hostType = 'regName'
    else return undefined
  }
  if (rest !== '' && !(rest.startsWith(':') && rfc3986.port.test(rest.slice(1)))) return undefined
  return {
    ...(userinfo !== undefined ? { userinfo } : {}),
    host,
    hostType,
    ...(rest !== '' ? { port: rest.slice(1) } : {}),
  }
}

/**
 * Parses `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (an absolute URI with an
 * optional fragment, as EIP-4361's `uri` and `resources` require); `undefined` when the text
 * is not one. Percent escapes must be complete, at most one "#" may appear (a fragment holds
 * none), "[" and "]" only around an IP literal, and every part matches its production.
 * @see https://www.rfc-editor.org/rfc/rfc3986#appendix-A
 */
export function parseRfc3986Uri(text: string): Rfc3986Uri | undefined {
  if (typeof text !== 'string') return undefined
  const colon = text.indexOf(':')
  if (colon < 1) return undefined
  const schemePart = text.slice(0, colon)
  if (!rfc3986.scheme.test(schemePart)) return undefined
  let rest = text.slice(colon + 1)

  let fragment: string | undefined
  const hash = rest.indexOf('#')
  if (hash !== -1) {
    fragment = rest.slice(hash + 1)
    rest = rest.slice(0, hash)
    if (!rfc3986.fragment.test(fragment)) return undefined
  }
  let queryPart: string | undefined
  const question = rest.indexOf('?')
  if (question !== -1) {
    queryPart = rest.slice(question + 1)
    rest = rest.slice(0, question)
    if (!rfc3986.query.test(queryPart)) return undefined
  }

  let authority: Rfc3986Authority | undefined
  let path: string
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2)
    const authorityText = slash === -1 ? rest.slice(2) : rest.slice(2, slash)
    path = slash === -1 ? '' : rest.slice(slash)
    authority = parseRfc3986Authority(authorityText)
    if (!authority || !rfc3986.pathAbempty.test(path)) return undefined
  } else {
    path = rest
    // path-absolute / path-rootless / path-empty ("//" was taken by the authority branch).
    const valid =
      path === '' ||
      (path.startsWith('/') ? rfc3986.pathAbsolute.test(path) : rfc3986.pathRootless.test(path))
    if (!valid) return undefined
  }
  return {
    scheme: schemePart,
    ...(authority ? { authority } : {}),
    path,
    ...(queryPart !== undefined ? { query: queryPart } : {}),
    ...(fragment !== undefined ? { fragment } : {}),
  }
}
