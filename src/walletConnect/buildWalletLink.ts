import { isSafeDeepLinkUrl } from '../utils/url'
import type { WcPlatform } from './detectPlatform'
import { parseWcUri } from './parseWcUri'

/** The links a wallet entry may carry (directory `mobile_link`, `desktop_link`, `webapp_link`). */
export interface WalletLinks {
  /** Custom scheme (`metamask://`) or a universal https link. */
  mobileLink?: string | undefined
  /** An https universal link (`https://metamask.app.link`). */
  universalLink?: string | undefined
  desktopLink?: string | undefined
  webappLink?: string | undefined
}

/** How a wallet link opens. */
export type WalletLinkKind = 'deep' | 'universal' | 'desktop' | 'webapp'

/** A link to open a wallet with a pairing URI. */
export interface WalletLink {
  href: string
  kind: WalletLinkKind
}

/** Parameters of {@link buildWalletLink}. */
export interface BuildWalletLinkParameters {
  wallet: WalletLinks
  /** A WalletConnect pairing URI. */
  uri: string
  platform: WcPlatform
}

type Candidate = { base: string | undefined; kind: WalletLinkKind }

function candidates(wallet: WalletLinks, platform: WcPlatform): Candidate[] {
  const mobile: Candidate = {
    base: wallet.mobileLink,
    kind: /^https:/i.test(wallet.mobileLink ?? '') ? 'universal' : 'deep',
  }
  const universal: Candidate = { base: wallet.universalLink, kind: 'universal' }
  const webapp: Candidate = { base: wallet.webappLink, kind: 'webapp' }
  switch (platform) {
    case 'desktop':
      return [{ base: wallet.desktopLink, kind: 'desktop' }, webapp]
    case 'mobile':
      return [mobile, universal, webapp]
    // Telegram's in-app view and iOS Safari handle https universal links better than schemes.
    case 'telegram':
    case 'ios-safari':
      return [universal, mobile, webapp]
    default: {
      const _: never = platform
      return []
    }
  }
}

/** The base a `wc?uri=` suffix goes after: `scheme://` or `https://host/path/`. */
export function toLinkBase(link: string): string | undefined {
  const trimmed = link.trim()
  if (trimmed === '') return undefined
  let base: string
  if (/^https:\/\//i.test(trimmed)) base = trimmed
  else if (trimmed.includes('://')) base = trimmed
  else {
    // `metamask`, `metamask:` and `metamask:/` all mean the scheme `metamask://`.
    const scheme = trimmed.replace(/[:/]+$/, '')
    if (!/^[a-z][a-z0-9+.-]*$/i.test(scheme)) return undefined
    base = `${scheme}://`
  }
  if (!base.endsWith('/')) base = `${base}/`
  return base
}

/** Whether a link from wallet data may be opened: https or a custom scheme (never javascript:, data:, …). */
export function isAllowedWalletLink(href: unknown): href is string {
  return isSafeDeepLinkUrl(href)
}

/**
 * Builds the link that opens a wallet with a pairing URI, SPEC §7 form
 * `{scheme}wc?uri={encoded uri}`, picking the wallet's link for the platform; links that fail the
 * allowlist are skipped. Undefined when the wallet has no usable link (show the QR code).
 * @throws {InvalidWcUriError} when `uri` is not a pairing URI.
 */
export function buildWalletLink({
  wallet,
  uri,
  platform,
}: BuildWalletLinkParameters): WalletLink | undefined {
  parseWcUri(uri)
  for (const { base: link, kind } of candidates(wallet, platform)) {
    if (link === undefined) continue
    const base = toLinkBase(link)
    if (base === undefined || !isAllowedWalletLink(base)) continue
    const href = `${base}wc?uri=${encodeURIComponent(uri)}`
    if (isAllowedWalletLink(href)) return { href, kind }
  }
  return undefined
}
