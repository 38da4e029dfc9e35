import * as z from 'zod/mini'
import { isSafeDeepLinkUrl, isSafeImageUrl, isSafeLinkUrl } from '../utils/url'

// The value checks the options schema (./options.ts) is made of.

export const httpsUrl = z.string().check(z.refine(isSafeLinkUrl, 'Expected an https: URL.'))
export const imageUrl = z
  .string()
  .check(z.refine(isSafeImageUrl, 'Expected an https: URL or a data:image/ URI of at most 128 KB.'))
export const deepLink = z
  .string()
  .check(
    z.refine(isSafeDeepLinkUrl, 'Expected an https: URL or an app scheme such as "metamask://".'),
  )
// The dapp's own URL may be http://localhost while developing.
export const appUrl = z
  .string()
  .check(
    z.refine(
      (url) => isSafeLinkUrl(url) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(url),
      'Expected an https: URL (or http://localhost).',
    ),
  )
// Theme values end up in CSS: refuse characters that could close a declaration or a rule.
export const cssValue = z
  .string()
  .check(z.regex(/^[^;{}<>\\]*$/, 'Expected a CSS value without ; { } < > or \\.'))

export function orderedList<const T extends readonly [string, ...string[]]>(values: T) {
  const list = z
    .array(z.enum(values))
    .check(
      z.refine(
        (items) => new Set(items).size === items.length,
        'Expected each value at most once.',
      ),
    )
  return z._default(list, () => [...values])
}

export const bool = (value: boolean) => z._default(z.boolean(), value)
export const nonEmpty = () => z.string().check(z.minLength(1))
