import type { UseWalletConnectReturnType } from '../hooks/useWalletConnect'
import { t } from '../locales/t'

/** Props of {@link WalletConnectError}. */
export interface WalletConnectErrorProps {
  /** The pairing state from `useWalletConnect()`. */
  wc: Pick<UseWalletConnectReturnType, 'error' | 'rejected'>
}

/** The pairing's last failure as an alert ("declined" for a rejected proposal); nothing without one. */
export function WalletConnectError({ wc }: WalletConnectErrorProps) {
  if (!wc.error) return null
  return (
    <p data-lk-connecting-error="" role="alert">
      {wc.rejected ? t('connecting.declined') : wc.error}
    </p>
  )
}
