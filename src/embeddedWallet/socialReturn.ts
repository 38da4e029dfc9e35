import { socialRedirectKey } from './socialReturnNames'

export { socialResultType, socialReturnChannel } from './socialReturnNames'

/*
 * What a social login that leaves the page (redirect mode) or loses its popup's opener (a
 * provider's strict Cross-Origin-Opener-Policy) needs on the host page: the return page's URL,
 * the result it carries back, and the record the tab keeps meanwhile. The record holds the
 * single-use secret of a redirect: it is in the tab's sessionStorage (this tab only, gone with
 * it), never in localStorage, and it is worth nothing without the frame's device key.
 */

/** The query parameter of the return URL naming the login (a random id only this tab knows). */
export const socialFlowParam = 'latchkey-social'
/** The fragment key the wallet server's callback puts the result handle under. */
export const socialResultParam = 'latchkey-social-result'
const recordKey = socialRedirectKey
const handle = /^[A-Za-z0-9_-]{43}$/

/** A redirect-mode login of this tab, kept in sessionStorage while the visitor is away. */
export type SocialRedirectRecord = {
  /** The login's id, in the return URL's query. */
  flow: string
  /** The single-use secret whose hash the login was started with. */
  secret: string
  provider: string
  /** The page the login started on (the visitor comes back to it). */
  from: string
  /** When the login expires (ms since epoch). */
  expiresAt: number
  /** The result handle, once a return page took it from the URL. */
  result?: string | undefined
}

/** 32 random bytes as base64url (43 characters). */
export function randomHandle(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** SHA-256 of `value` as base64url, as the server stores a redirect's secret. */
export async function hashHandle(value: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)),
  )
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The return page's URL for login `flow`: `path` on this page's origin (default this page). */
export function socialReturnUrl(flow: string, path: string | undefined, from = location.href) {
  const url = new URL(path ?? from, from)
  url.hash = ''
  url.searchParams.set(socialFlowParam, flow)
  return url.href
}

/** The login id and result handle a return URL carries, if it carries both well-formed. */
export function readSocialReturn(href: string): { flow: string; result: string } | undefined {
  const url = new URL(href)
  const flow = url.searchParams.get(socialFlowParam)
  const result = new URLSearchParams(url.hash.slice(1)).get(socialResultParam)
  if (!flow || !result || !handle.test(flow) || !handle.test(result)) return undefined
  return { flow, result }
}

/** `href` without the login's id and result (what the address bar and history keep). */
export function withoutSocialReturn(href: string): string {
  const url = new URL(href)
  url.searchParams.delete(socialFlowParam)
  url.hash = ''
  return url.href
}

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** This tab's redirect-mode login, if one is pending and well-formed (an expired one is dropped). */
export function readSocialRedirect(now = Date.now()): SocialRedirectRecord | undefined {
  try {
    const raw = session()?.getItem(recordKey)
    if (!raw) return undefined
    const value = JSON.parse(raw) as Partial<SocialRedirectRecord> | null
    const valid =
      typeof value?.flow === 'string' &&
      handle.test(value.flow) &&
      typeof value.secret === 'string' &&
      handle.test(value.secret) &&
      typeof value.provider === 'string' &&
      typeof value.from === 'string' &&
      typeof value.expiresAt === 'number' &&
      value.expiresAt > now &&
      (value.result === undefined || handle.test(value.result))
    if (valid) return value as SocialRedirectRecord
    clearSocialRedirect()
  } catch {
    clearSocialRedirect()
  }
  return undefined
}

/** Keeps (or replaces) this tab's redirect-mode login; false where sessionStorage is refused. */
export function writeSocialRedirect(record: SocialRedirectRecord): boolean {
  try {
    const storage = session()
    if (!storage) return false
    storage.setItem(recordKey, JSON.stringify(record))
    return true
  } catch {
    return false
  }
}

/** Forgets this tab's redirect-mode login. */
export function clearSocialRedirect(): void {
  try {
    session()?.removeItem(recordKey)
  } catch {
    // nothing to forget
  }
}

/** This tab's redirect-mode login, when it came back with its result (nothing is taken). */
export function hasSocialRedirectReturn(): SocialRedirectRecord | undefined {
  if (typeof window === 'undefined') return undefined
  const record = readSocialRedirect()
  if (!record) return undefined
  if (record.result) return record
  return readSocialReturn(location.href)?.flow === record.flow ? record : undefined
}

/**
 * This tab's finished redirect: the record and its result (taken by a return page, or in this
 * page's URL, which is cleaned), once. Undefined when no redirect of this tab came back.
 */
export function takeSocialRedirect(): (SocialRedirectRecord & { result: string }) | undefined {
  const record = readSocialRedirect()
  if (!record) return undefined
  const returned = readSocialReturn(location.href)
  const result = record.result ?? (returned?.flow === record.flow ? returned.result : undefined)
  if (!result) return undefined
  if (returned) history.replaceState(history.state, '', withoutSocialReturn(location.href))
  clearSocialRedirect()
  return { ...record, result }
}
