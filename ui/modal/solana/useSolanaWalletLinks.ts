import { useEffect, useState } from 'react'
import type { SolanaWallet } from '../../../connectors/solana/solanaWallets'
import { isLinkablePageUrl } from '../../../src/solana/buildSolanaWalletLink'
import { isMobileViewport } from '../../isMobileViewport'
import { type SolanaLinkWalletItem, solanaLinkWallets } from './solanaLinkWallets'
import type { ModalSolana } from './withModalSolana'

/**
 * Phantom and Coinbase Wallet as links that open this page in the wallet's own browser (SPEC §7,
 * §9), with the page to send: on a phone-sized viewport (as the EVM list reads it), once
 * discovery has looked (inside Phantom's browser its link would flash as a link to where the
 * visitor is), for an http(s) page, each only when no installed wallet has its name. None else.
 */
export function useSolanaWalletLinks(
  solana: ModalSolana,
  installed: readonly SolanaWallet[],
): { pageUrl: string; links: readonly SolanaLinkWalletItem[] } | undefined {
  const [discovered, setDiscovered] = useState(false)
  useEffect(() => solana.adapter.watchWallets(() => setDiscovered(true)), [solana.adapter])
  const pageUrl = globalThis.location?.href
  if (!discovered || !isMobileViewport() || !isLinkablePageUrl(pageUrl)) return undefined
  const links = solanaLinkWallets.filter(
    (link) => !installed.some((wallet) => wallet.name === link.name),
  )
  return links.length > 0 ? { pageUrl, links } : undefined
}
