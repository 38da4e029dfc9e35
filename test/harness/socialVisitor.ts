/**
 * A visitor's browser for social login tests, without a browser: follows the provider's
 * redirects with a cookie jar per origin (the provider's login session), submits a `form_post`
 * form as the browser would, and stops at the first request to `callbackUrl`.
 */
export interface SocialVisitor {
  /**
   * From the authorization URL to the callback: the callback's URL (query answers) or its URL
   * and form body (`form_post`). Nothing is sent to the callback.
   */
  authorize(uri: string): Promise<{ url: string; form?: URLSearchParams | undefined }>
}

const formPattern = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i
const inputPattern = /<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi
const decodeHtml = (value: string) =>
  value.replace(/&#(\d+);|&#x([0-9a-f]+);|&amp;|&quot;|&lt;|&gt;/gi, (all, dec, hex) => {
    if (dec) return String.fromCharCode(Number(dec))
    if (hex) return String.fromCharCode(Number.parseInt(hex, 16))
    return { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' }[all.toLowerCase()] ?? all
  })

/** A new visitor (its own cookies). */
export function createSocialVisitor(callbackUrl: string): SocialVisitor {
  const jar = new Map<string, Map<string, string>>()
  const cookiesOf = (url: URL) => {
    const cookies = jar.get(url.origin) ?? new Map<string, string>()
    jar.set(url.origin, cookies)
    return cookies
  }
  return {
    async authorize(uri) {
      let url = new URL(uri)
      for (let hop = 0; hop < 20; hop++) {
        if (url.toString().startsWith(callbackUrl)) return { url: url.toString() }
        const cookies = cookiesOf(url)
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        })
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';')
          const at = pair.indexOf('=')
          cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
        }
        const location = response.headers.get('location')
        if (location) {
          url = new URL(location, url)
          continue
        }
        const html = await response.text()
        const form = formPattern.exec(html)
        if (form?.[1] && decodeHtml(form[1]).startsWith(callbackUrl)) {
          const body = new URLSearchParams()
          for (const [, name = '', value = ''] of form[2]?.matchAll(inputPattern) ?? [])
            body.set(decodeHtml(name), decodeHtml(value))
          return { url: decodeHtml(form[1]), form: body }
        }
        throw new TypeError(`no redirect from ${url}: ${response.status} ${html.slice(0, 300)}`)
      }
      throw new TypeError('too many redirects')
    },
  }
}
