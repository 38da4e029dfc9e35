import {
  type SolanaLinkWallet,
  solanaLinkWalletNames,
} from '../../../src/solana/buildSolanaWalletLink'

/** A wallet the Solana list links to on mobile when it is not in the page. */
export interface SolanaLinkWalletItem {
  id: SolanaLinkWallet
  /** Its Wallet Standard name (shown, and matched against the page's wallets). */
  name: string
  /** Our own simplified mark as a `data:` SVG: nothing is fetched. */
  icon: string
}

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`

/** Phantom and Coinbase Wallet, in that order (SPEC §9 special-cases both on mobile). */
export const solanaLinkWallets: readonly SolanaLinkWalletItem[] = [
  {
    id: 'phantom',
    name: solanaLinkWalletNames.phantom,
    // a ghost on lavender
    icon: svg(
      '<rect width="32" height="32" rx="8" fill="#ab9ff2"/><path d="M7 17.6C7 12 11 7.5 16.2 7.5S25 11.6 25 16.8c0 4.2-1.3 7.7-3.3 7.7-1.5 0-1.8-1.9-2.9-1.9s-1.4 1.9-2.8 1.9-1.7-1.9-2.8-1.9-1.4 1.9-2.9 1.9C8.5 24.5 7 21.6 7 17.6Z" fill="#fff"/><ellipse cx="14" cy="15.2" rx="1.3" ry="2" fill="#3c315b"/><ellipse cx="19" cy="15.2" rx="1.3" ry="2" fill="#3c315b"/>',
    ),
  },
  {
    id: 'coinbase',
    name: solanaLinkWalletNames.coinbase,
    // a square in a ring on blue
    icon: svg(
      '<rect width="32" height="32" rx="8" fill="#0052ff"/><circle cx="16" cy="16" r="10" fill="#fff"/><rect x="12.5" y="12.5" width="7" height="7" rx="1.5" fill="#0052ff"/>',
    ),
  },
]
