import { isSafeDeepLinkUrl, isSafeImageUrl, isSafeLinkUrl } from '../utils/url'
import type { WalletLinks } from '../walletConnect/buildWalletLink'
import type { WalletGroup, WalletItem } from './types'

/** What {@link getWalletList} reads from a wagmi connector. */
export interface WalletListConnector {
  id: string
  uid: string
  name: string
  type: string
  icon?: string | undefined
  rdns?: string | readonly string[] | undefined
}

/** A wallet the visitor connected before (`recentWallets` in storage). */
export interface RecentWalletInput {
  id: string
  name: string
  icon?: string | undefined
  rdns?: string | undefined
}

/** A host-configured wallet (`customWallets` option). */
export interface CustomWalletInput {
  id: string
  name: string
  homepage?: string | undefined
  imageUrl?: string | undefined
  mobileLink?: string | undefined
  desktopLink?: string | undefined
  webappLink?: string | undefined
  rdns?: string | undefined
}

/** The options {@link getWalletList} reads (a subset of the resolved Latchkey options). */
export interface WalletListOptions {
  features: { connectorTypeOrder: readonly string[] }
  customWallets?: readonly CustomWalletInput[] | undefined
  featuredWalletIds?: readonly string[] | undefined
  includeWalletIds?: readonly string[] | undefined
  excludeWalletIds?: readonly string[] | undefined
}

/** Parameters of {@link getWalletList}. */
export interface GetWalletListParameters {
  connectors: readonly WalletListConnector[]
  recent?: readonly RecentWalletInput[] | undefined
  options: WalletListOptions
}

/** Connector types with their own flows (not rows of the wallet list). */
const ownFlowTypes = new Set(['walletConnect', 'embeddedWallet', 'auth'])

const reverseDns = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

// wagmi's EIP-6963 connectors carry the rdns as their id (`injected({ target: { id: info.rdns } })`)
const getRdns = (c: WalletListConnector) =>
  (typeof c.rdns === 'string' ? c.rdns : c.rdns?.[0]) ??
  (c.type === 'injected' && reverseDns.test(c.id) ? c.id : undefined)

const safeIcon = (url: string | undefined) => (isSafeImageUrl(url) ? url : undefined)

const safeLink = (url: string | undefined) => (isSafeLinkUrl(url) ? url : undefined)

const safeDeepLink = (url: string | undefined) => (isSafeDeepLinkUrl(url) ? url : undefined)

function walletLinks(w: CustomWalletInput): WalletLinks | undefined {
  const links: WalletLinks = {
    mobileLink: safeDeepLink(w.mobileLink),
    desktopLink: safeDeepLink(w.desktopLink),
    webappLink: safeLink(w.webappLink),
  }
  return links.mobileLink || links.desktopLink || links.webappLink ? links : undefined
}

/**
 * Groups wallets for the Connect view: ordered by `features.connectorTypeOrder`, deduplicated
 * by rdns (then id; the first group wins), excluded ids dropped, included ids only (if any).
 * @see https://eips.ethereum.org/EIPS/eip-6963
 */
export function getWalletList(parameters: GetWalletListParameters): WalletItem[] {
  const { connectors, recent = [], options } = parameters
  const walletConnectors = connectors.filter((c) => !ownFlowTypes.has(c.type))
  const byKey = new Map<string, WalletListConnector>()
  for (const c of walletConnectors) {
    const rdns = getRdns(c)
    if (rdns && !byKey.has(rdns)) byKey.set(rdns, c)
    if (!byKey.has(c.id)) byKey.set(c.id, c)
  }
  const find = (key: string | undefined) => (key ? byKey.get(key) : undefined)
  const fromConnector = (c: WalletListConnector, group: WalletGroup): WalletItem => ({
    id: c.uid,
    name: c.name,
    icon: safeIcon(c.icon),
    rdns: getRdns(c),
    group,
    connectorUid: c.uid,
    installed: true,
  })

  const announced = walletConnectors.filter((c) => c.type === 'injected' && getRdns(c))
  // the generic `injected()` connector duplicates an announced wallet: show it only when alone
  const injected = announced.length
    ? announced
    : walletConnectors.filter((c) => c.type === 'injected')
  const featuredIds = options.featuredWalletIds ?? []

  const groups: Record<WalletGroup, () => WalletItem[]> = {
    // One row that pairs any mobile wallet by QR code or link.
    walletConnect: () =>
      connectors
        .filter((c) => c.type === 'walletConnect')
        .slice(0, 1)
        .map((c) => ({ ...fromConnector(c, 'walletConnect'), installed: false })),
    recent: () =>
      // a recent wallet that is neither installed nor configured cannot connect: not shown
      recent.flatMap((r): WalletItem[] => {
        const c = find(r.rdns) ?? find(r.id)
        if (c) return [fromConnector(c, 'recent')]
        const custom = options.customWallets?.find((w) => w.id === r.id)
        return custom ? [fromCustom(custom, 'recent')] : []
      }),
    injected: () => injected.map((c) => fromConnector(c, 'injected')),
    featured: () =>
      featuredIds.flatMap((id): WalletItem[] => {
        const c = find(id)
        if (c) return [fromConnector(c, 'featured')]
        const custom = options.customWallets?.find((w) => w.id === id)
        return custom ? [fromCustom(custom, 'featured')] : []
      }),
    custom: () => (options.customWallets ?? []).map((w) => fromCustom(w, 'custom')),
    external: () =>
      walletConnectors
        .filter((c) => c.type !== 'injected')
        .map((c) => fromConnector(c, 'external')),
  }

  function fromCustom(w: CustomWalletInput, group: WalletGroup): WalletItem {
    const c = find(w.rdns)
    const links = walletLinks(w)
    return {
      id: w.id,
      name: w.name,
      icon: safeIcon(w.imageUrl) ?? safeIcon(c?.icon),
      rdns: w.rdns,
      group,
      connectorUid: c?.uid,
      installed: Boolean(c),
      link: safeLink(w.webappLink) ?? safeLink(w.desktopLink) ?? safeLink(w.homepage),
      ...(links ? { links } : {}),
    }
  }

  const include = options.includeWalletIds ?? []
  const exclude = options.excludeWalletIds ?? []
  const connectorIds = new Map(walletConnectors.map((c) => [c.uid, c.id]))
  const matches = (list: readonly string[], item: WalletItem) =>
    [item.id, item.rdns, connectorIds.get(item.connectorUid ?? '')].some(
      (key) => key !== undefined && list.includes(key),
    )
  const seen = new Set<string>()
  const result: WalletItem[] = []
  for (const type of options.features.connectorTypeOrder) {
    const build = groups[type as WalletGroup]
    if (!build) continue
    for (const item of build()) {
      if (matches(exclude, item)) continue
      if (include.length && !matches(include, item)) continue
      const keys = [item.rdns, item.connectorUid ?? item.id].filter(Boolean) as string[]
      if (keys.some((key) => seen.has(key))) continue
      for (const key of keys) seen.add(key)
      result.push(item)
    }
  }
  return result
}
