import { InvalidPageUrlError } from '../errors/InvalidPageUrlError'

/** The wallets a mobile visitor without them in the page is sent to (SPEC §7, §9). */
export type SolanaLinkWallet = 'phantom' | 'coinbase'

/** Each linked wallet's Wallet Standard name: registered under it, the wallet is in the page. */
export const solanaLinkWalletNames: Record<SolanaLinkWallet, string> = {
  phantom: 'Phantom',
  coinbase: 'Coinbase Wallet',
}

// each wallet's link to its in-app browser, given the page and its origin, both URI-encoded
const links: Record<SolanaLinkWallet, (page: string, origin: string) => string> = {
  // https://docs.phantom.com/phantom-deeplinks/other-methods/browse
  phantom: (page, origin) => `https://phantom.app/ul/browse/${page}?ref=${origin}`,
  // https://docs.cdp.coinbase.com/coinbase-wallet/developer-guidance/mobile-dapp-integration
  coinbase: (page) => `https://go.cb-w.com/dapp?cb_url=${page}`,
}

/** Parameters of {@link buildSolanaWalletLink}. */
export interface BuildSolanaWalletLinkParameters {
  wallet: SolanaLinkWallet
  /** The page to open in the wallet's in-app browser (`location.href`). */
  pageUrl: string
}

/**
 * The page URL, when a wallet's in-app browser may be sent to it: absolute http(s), no credentials.
 * @throws {InvalidPageUrlError} otherwise.
 */
export function parsePageUrl(pageUrl: string): URL {
  let url: URL
  try {
    url = new URL(pageUrl)
  } catch {
    throw new InvalidPageUrlError({ reason: 'unparsable' })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidPageUrlError({ reason: 'scheme' })
  // the link goes through the wallet maker's servers: a user name or password would go with it
  if (url.username || url.password) throw new InvalidPageUrlError({ reason: 'credentials' })
  return url
}

/** Whether {@link buildSolanaWalletLink} takes this page URL. */
export function isLinkablePageUrl(pageUrl: unknown): pageUrl is string {
  if (typeof pageUrl !== 'string') return false
  try {
    parsePageUrl(pageUrl)
    return true
  } catch {
    return false
  }
}

/**
 * The wallet's universal link that opens `pageUrl` in its own in-app browser, where the wallet is
 * in the page (SPEC §7 "Mobile deep links go to a wallet-provider page"): Phantom's
 * `https://phantom.app/ul/browse/{url}?ref={origin}`, Coinbase Wallet's
 * `https://go.cb-w.com/dapp?cb_url={url}`, each value URI-encoded.
 * @throws {InvalidPageUrlError} when the page URL is not an absolute http(s) URL without credentials.
 * @example buildSolanaWalletLink({ wallet: 'phantom', pageUrl: location.href })
 */
export function buildSolanaWalletLink({
  wallet,
  pageUrl,
}: BuildSolanaWalletLinkParameters): string {
  const url = parsePageUrl(pageUrl)
  return links[wallet](encodeURIComponent(url.href), encodeURIComponent(url.origin))
}
