import type { MouseEvent } from 'react'
import { buildSolanaWalletLink } from '../../../src/solana/buildSolanaWalletLink'
import { t } from '../../locales/t'
import { SolanaWalletRowBody } from './SolanaWalletRowBody'
import type { SolanaLinkWalletItem } from './solanaLinkWallets'

/** Props of {@link SolanaWalletLinkRow}. */
export interface SolanaWalletLinkRowProps {
  wallet: SolanaLinkWalletItem
  /** This page's URL (an http(s) one: see `isLinkablePageUrl`). */
  pageUrl: string
}

/**
 * A wallet that is not in the page, as a row of the Connect list on mobile: a link that opens this
 * page in the wallet's own in-app browser, where the wallet is (SPEC §7). A plain link, so the
 * navigation is the tap's own (in-app browsers drop links opened later than the tap).
 */
export function SolanaWalletLinkRow({ wallet, pageUrl }: SolanaWalletLinkRowProps) {
  // the page may have moved on (an app's router) since this rendered: the tap sends the page it is on
  const refresh = (event: MouseEvent<HTMLAnchorElement>) => {
    event.currentTarget.href = buildSolanaWalletLink({ wallet: wallet.id, pageUrl: location.href })
  }
  return (
    <a
      data-lk-row=""
      data-namespace="solana"
      data-testid={`solana-link-${wallet.id}`}
      href={buildSolanaWalletLink({ wallet: wallet.id, pageUrl })}
      onClick={refresh}
    >
      <SolanaWalletRowBody
        name={wallet.name}
        icon={wallet.icon}
        tag={t('solana.openInWallet')}
        tone="muted"
      />
    </a>
  )
}
