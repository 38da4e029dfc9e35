import type { WalletConnectMetadata } from './walletConnectTypes'

/** The warning {@link keepMetadata} gives when `metadata.url` is not the page's origin. */
export function metadataUrlWarning(configured: string, page: string): string {
  return `latchkey: walletConnect({ metadata.url }) is ${configured} but this page is ${page}. Wallets show the configured URL; WalletConnect Verify reports the page's origin. Set metadata.url to the origin the dapp is served from.`
}

/**
 * The metadata handed to WalletConnect (DESIGN D8, walletconnect-monorepo #1864 and #7285). Core
 * 2.21.8's `populateAppMetadata` overwrites `metadata.url` with the page's URL when their hosts
 * differ, on the very object it was given: the host's own options change under it, and wallets
 * are shown a URL the dapp never configured. This gives the SDK a copy whose `url` ignores that
 * write, so what the host configured is what wallets get; outside production a mismatch with
 * `pageOrigin` is reported once through `warn`, naming both URLs.
 */
export function keepMetadata(
  metadata: WalletConnectMetadata | undefined,
  pageOrigin: string | undefined,
  warn: (message: string) => void = (message) => console.warn(message),
): WalletConnectMetadata | undefined {
  if (!metadata) return undefined
  const { url } = metadata
  const production = typeof process !== 'undefined' && process.env?.NODE_ENV === 'production'
  if (!production && pageOrigin && url) {
    let configured: string | undefined
    try {
      configured = new URL(url).origin
    } catch {
      configured = undefined
    }
    if (configured !== pageOrigin) warn(metadataUrlWarning(url, pageOrigin))
  }
  const copy = { ...metadata, icons: [...metadata.icons] }
  Object.defineProperty(copy, 'url', {
    enumerable: true,
    configurable: false,
    get: () => url,
    // The SDK's rewrite: ignored (a throw would make it fall back to the page's metadata).
    set: () => {},
  })
  return copy
}
