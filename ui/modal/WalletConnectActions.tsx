import type { ReactNode } from 'react'
import type { UseWalletConnectReturnType } from '../hooks/useWalletConnect'
import { t } from '../locales/t'
import { CopyLinkButton } from './CopyLinkButton'

/** Props of {@link WalletConnectActions}. */
export interface WalletConnectActionsProps {
  /** The pairing state from `useWalletConnect()`. */
  wc: Pick<UseWalletConnectReturnType, 'uri' | 'error' | 'rejected' | 'refresh'>
  /** Buttons shown before retry and copy link. */
  children?: ReactNode
}

/** The WalletConnect action row: any extra buttons, retry after a failure, and copy link. */
export function WalletConnectActions({ wc, children }: WalletConnectActionsProps) {
  return (
    <div data-lk-wc-actions="">
      {children}
      {wc.error && !wc.rejected && (
        <button type="button" data-lk-button-secondary="" data-testid="retry" onClick={wc.refresh}>
          {t('connecting.retry')}
        </button>
      )}
      <CopyLinkButton uri={wc.uri} />
    </div>
  )
}
