/** Largest data: image URI accepted, in characters (128 KB). */
export const maxDataImageLength = 128 * 1024

const dataImage = /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;[-\w=.+]*)*,/i
const scheme = /^([a-z][a-z0-9+.-]*):/i
const refusedDeepLinkSchemes = new Set([
  'javascript',
  'data',
  'vbscript',
  'file',
  'blob',
  'about',
  'filesystem',
  'http',
])

// Whitespace and control characters let a URL hide its real scheme from a naive check.
function hasUnsafeCharacters(url: string): boolean {
  if (/\s/.test(url)) return true
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

function isHttpsUrl(url: string): boolean {
  if (!/^https:\/\//i.test(url) || hasUnsafeCharacters(url)) return false
  try {
    return new URL(url).hostname !== ''
  } catch {
    return false
  }
}

/** Whether a URL may be used as an `<img src>`: https, or a data: png/jpeg/gif/webp/svg up to 128 KB. */
export function isSafeImageUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false
  if (/^data:/i.test(url)) return url.length <= maxDataImageLength && dataImage.test(url)
  return isHttpsUrl(url)
}

/** Whether a URL may be used as a web link (`<a href>`): https only. */
export function isSafeLinkUrl(url: unknown): url is string {
  return typeof url === 'string' && isHttpsUrl(url)
}

/** Whether a URL may be opened as a wallet deep link: https or a custom scheme such as `metamask://`. */
export function isSafeDeepLinkUrl(url: unknown): url is string {
  if (typeof url !== 'string' || hasUnsafeCharacters(url)) return false
  const name = scheme.exec(url)?.[1]?.toLowerCase()
  if (!name || refusedDeepLinkSchemes.has(name)) return false
  return name === 'https' ? isHttpsUrl(url) : url.length > name.length + 1
}
