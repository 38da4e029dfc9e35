import { isSafeImageUrl } from '../../src/utils/url'
import type { LinkedSolanaWallet } from './linkedSolanaWallet'
import type { StandardWallet } from './walletStandardTypes'

/**
 * Whether a wallet can be used, in the Solana wallet adapter's words (`WalletReadyState` of
 * `@solana/wallet-adapter-base`, same strings): `Installed` (registered in this page),
 * `NotDetected` (a wallet the host lists that is not in the page), `Loadable` (needs no install:
 * WalletConnect and the embedded wallet, linked from wagmi's connectors), `Unsupported` (in the
 * page, but lacks what connecting and signing need).
 */
export type SolanaWalletReadyState = 'Installed' | 'NotDetected' | 'Loadable' | 'Unsupported'

/** A Solana wallet as the adapter lists it. */
export interface SolanaWallet {
  /** The wallet's name: what `connect({ wallet })` takes. Untrusted: render it as text. */
  name: string
  /** A `data:` image or https URL; undefined when the wallet's icon is anything else. */
  icon: string | undefined
  readyState: SolanaWalletReadyState
  /** The Solana chains it signs for, e.g. `solana:mainnet`. */
  chains: readonly string[]
  /**
   * The wagmi connector's type a `Loadable` wallet comes through (`walletConnect`,
   * `embeddedWallet`); undefined for the page's wallets and the host's listings.
   */
  connector?: string | undefined
}

/** A wallet the host wants listed even when it is not installed (shown as `NotDetected`). */
export interface SolanaWalletListing {
  name: string
  icon?: string | undefined
}

/** Whether a registered Wallet Standard wallet is a Solana one (any `solana:` chain or feature). */
export function isSolanaWallet(wallet: StandardWallet): boolean {
  const chains = Array.isArray(wallet.chains) ? wallet.chains : []
  return (
    chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:')) ||
    Object.keys(wallet.features ?? {}).some((feature) => feature.startsWith('solana:'))
  )
}

/**
 * `Installed` when the wallet has what the adapter world requires (connect, events, and one way
 * to sign transactions), else `Unsupported`.
 */
export function getReadyState(wallet: StandardWallet): SolanaWalletReadyState {
  const features = wallet.features ?? {}
  const has = (name: string) => typeof features[name] === 'object' && features[name] !== null
  const canSign = has('solana:signAndSendTransaction') || has('solana:signTransaction')
  return has('standard:connect') && has('standard:events') && canSign ? 'Installed' : 'Unsupported'
}

/**
 * The list to show: the page's Solana wallets (first registered wins a name; an impostor
 * registering a taken name later is left out), installed ones first, then the wallets linked from
 * wagmi's connectors as `Loadable` (their names are theirs: a page wallet under one is left out),
 * then the host's listings that are not in the page as `NotDetected`.
 */
export function toSolanaWallets(
  registered: readonly StandardWallet[],
  listings: readonly SolanaWalletListing[] = [],
  linked: readonly LinkedSolanaWallet[] = [],
): SolanaWallet[] {
  const byName = new Map<string, SolanaWallet>()
  const isLinked = (name: string) => linked.some((wallet) => wallet.name === name)
  for (const wallet of registered) {
    if (typeof wallet?.name !== 'string' || !wallet.name || byName.has(wallet.name)) continue
    if (isLinked(wallet.name)) continue
    if (!isSolanaWallet(wallet)) continue
    byName.set(wallet.name, {
      name: wallet.name,
      icon: isSafeImageUrl(wallet.icon) ? wallet.icon : undefined,
      readyState: getReadyState(wallet),
      chains: wallet.chains.filter((chain) => chain.startsWith('solana:')),
    })
  }
  const found = [...byName.values()]
  const rank = (wallet: SolanaWallet) => (wallet.readyState === 'Installed' ? 0 : 1)
  found.sort((a, b) => rank(a) - rank(b))
  for (const wallet of linked)
    found.push({
      name: wallet.name,
      icon: isSafeImageUrl(wallet.icon) ? wallet.icon : undefined,
      readyState: 'Loadable',
      chains: [],
      connector: wallet.connector,
    })
  for (const listing of listings)
    if (!byName.has(listing.name) && !isLinked(listing.name))
      found.push({
        name: listing.name,
        icon: isSafeImageUrl(listing.icon) ? listing.icon : undefined,
        readyState: 'NotDetected',
        chains: [],
      })
  return found
}

/** The first registered wallet with this name, as {@link toSolanaWallets} picks it. */
export function findStandardWallet(
  registered: readonly StandardWallet[],
  name: string,
): StandardWallet | undefined {
  return registered.find((wallet) => wallet?.name === name && isSolanaWallet(wallet))
}
