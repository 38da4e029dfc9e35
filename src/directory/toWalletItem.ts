import { isSafeImageUrl, isSafeLinkUrl } from '../utils/url'
import type { WalletGroup, WalletItem } from '../wallets/types'
import type { DirectoryWallet } from './directoryWallet'

/**
 * A directory wallet as a row of the wallet list. It has no connector, so choosing it opens
 * WalletConnect with its links (`links` is set even when the entry has none: the QR code still
 * pairs it). The icon is kept only when it may be shown (https or a data: image), the web app
 * link only when it is https.
 */
export function toWalletItem(
  wallet: DirectoryWallet,
  imageUrl: string | undefined,
  group: WalletGroup = 'custom',
): WalletItem {
  const webappLink = isSafeLinkUrl(wallet.webapp_link) ? wallet.webapp_link : undefined
  return {
    id: wallet.id,
    name: wallet.name,
    icon: isSafeImageUrl(imageUrl) ? imageUrl : undefined,
    rdns: wallet.rdns,
    group,
    installed: false,
    // without WalletConnect in the app, the wallet's web app is where choosing it leads
    link: webappLink,
    links: { mobileLink: wallet.mobile_link, desktopLink: wallet.desktop_link, webappLink },
  }
}
