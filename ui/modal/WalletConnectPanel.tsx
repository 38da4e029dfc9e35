import type { ReactNode } from 'react'
import type { UseWalletConnectReturnType } from '../hooks/useWalletConnect'
import { t } from '../locales/t'

/** Props of {@link WalletConnectPanel}. */
export interface WalletConnectPanelProps {
  /** The pairing state from `useWalletConnect()`. */
  wc: Pick<UseWalletConnectReturnType, 'available' | 'uri' | 'status' | 'platform'>
  /** `basic`: WalletConnect alone, no wallet picked (SPEC §2 start-view rule 1 on desktop). */
  variant?: 'basic' | undefined
  /** The QR code, the status lines and the actions. */
  children: ReactNode
}

/**
 * The box of both WalletConnect views: "unavailable" when the wagmi config has no
 * `walletConnect()` connector, else `children` in a box that carries the pairing's status,
 * platform and current URI (`data-wc-uri`) as data attributes.
 */
export function WalletConnectPanel({ wc, variant, children }: WalletConnectPanelProps) {
  if (!wc.available)
    return (
      <div data-lk-wc="" data-status="unavailable">
        <p data-lk-connecting-error="" role="alert">
          {t('wc.unavailable')}
        </p>
      </div>
    )
  const uriAttribute = wc.uri ? { 'data-wc-uri': wc.uri } : {}
  return (
    <div
      data-lk-wc=""
      data-variant={variant}
      data-status={wc.status}
      data-platform={wc.platform}
      {...uriAttribute}
    >
      {children}
    </div>
  )
}
