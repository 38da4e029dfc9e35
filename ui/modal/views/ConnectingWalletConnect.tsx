import { WalletIcon } from '../../components/WalletIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useWalletConnect } from '../../hooks/useWalletConnect'
import { isMobileViewport } from '../../isMobileViewport'
import { t } from '../../locales/t'
import { getRouteWallet } from '../getRouteWallet'
import { QrCode } from '../qr/QrCode'
import type { ViewProps } from '../ViewProps'
import { WalletConnectActions } from '../WalletConnectActions'
import { WalletConnectError } from '../WalletConnectError'
import { WalletConnectPanel } from '../WalletConnectPanel'

/**
 * WalletConnect with a wallet (SPEC §2): the pairing URI as a QR code with the wallet's image,
 * copy link, and on phones a button that opens the wallet's deep or universal link.
 */
export function ConnectingWalletConnect({ data }: ViewProps<'ConnectingWalletConnect'>) {
  const wallet = getRouteWallet(data)
  const { closeModal } = useLatchkeyContext()
  const wc = useWalletConnect({ wallet, onConnected: closeModal })
  const name = wallet?.name ?? t('wc.name')
  const mobile = wc.platform !== 'desktop' || isMobileViewport()
  const showQr = !mobile || !wc.walletLink
  // A wallet picked from the list, not the plain WalletConnect row.
  const picked = wallet !== undefined && wallet.group !== 'walletConnect'
  // A failure other than a rejection asks for nothing more until retry: no spinner beside it.
  const halted = Boolean(wc.error) && !wc.rejected

  return (
    <WalletConnectPanel wc={wc}>
      {showQr ? (
        <QrCode
          value={wc.uri}
          failed={halted}
          logo={picked ? <WalletIcon name={name} icon={wallet?.icon} size={44} /> : undefined}
        />
      ) : (
        <div data-lk-connecting-icon="" data-status={wc.error ? 'error' : 'pending'}>
          <WalletIcon name={name} icon={wallet?.icon} size={72} />
        </div>
      )}
      <p data-lk-connecting-title="" data-testid="connecting-status" role="status">
        {wc.status === 'connected'
          ? t('wc.connected')
          : showQr
            ? t('wc.scan')
            : t('connecting.continue', { name })}
      </p>
      {wc.error ? (
        <WalletConnectError wc={wc} />
      ) : (
        <p data-lk-connecting-hint="">
          {!showQr
            ? t('connecting.accept')
            : picked
              ? t('wc.scanHint', { name })
              : t('wc.scanHintAny')}
        </p>
      )}
      <WalletConnectActions wc={wc}>
        {wc.walletLink && (
          <button
            type="button"
            data-lk-button-secondary=""
            data-testid="wc-open-wallet"
            onClick={wc.openWallet}
          >
            {t('connecting.open', { name })}
          </button>
        )}
      </WalletConnectActions>
    </WalletConnectPanel>
  )
}
