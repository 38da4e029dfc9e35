import type { ReactNode } from 'react'
import { NetworkIcon } from '../../components/NetworkIcon'
import { WalletIcon } from '../../components/WalletIcon'
import { t } from '../../locales/t'
import { solanaColor } from './solanaColor'

/** Props of {@link SolanaWalletRowBody}. */
export interface SolanaWalletRowBodyProps {
  name: string
  icon: string | undefined
  /** Drawn instead of the wallet's icon (WalletConnect's QR glyph, the email wallet's mail). */
  glyph?: ReactNode
  /**
   * Say "Solana" beside the name, not only to screen readers: for a name the EVM list also has
   * (WalletConnect), the mark alone is too small to tell the two rows apart.
   */
  namespaceShown?: boolean
  /** The row's tag ("Installed", "Open app", "QR code") and its tone. */
  tag: string
  tone: 'success' | 'muted' | 'accent'
}

/**
 * What a Solana wallet's row of the Connect list shows, as a button (installed) or a link (an
 * app to open): its icon with the Solana mark, its name ("Solana" for screen readers) and a tag.
 */
export function SolanaWalletRowBody({
  name,
  icon,
  glyph,
  namespaceShown,
  tag,
  tone,
}: SolanaWalletRowBodyProps) {
  return (
    <>
      <span data-lk-namespace-badged="">
        {glyph ? (
          <span data-lk-wc-row-icon="" aria-hidden="true">
            {glyph}
          </span>
        ) : (
          <WalletIcon name={name} icon={icon} size={36} />
        )}
        <NetworkIcon name={t('solana.tag')} imageId="solana" color={solanaColor} size={16} />
      </span>
      <span data-lk-row-label="">
        {name}
        <span data-lk-sr-only={namespaceShown ? undefined : ''}>{` (${t('solana.tag')})`}</span>
      </span>
      <span data-lk-tag="" data-tone={tone}>
        {tag}
      </span>
    </>
  )
}
