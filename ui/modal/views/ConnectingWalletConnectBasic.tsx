import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useWalletConnect } from '../../hooks/useWalletConnect'
import { t } from '../../locales/t'
import { QrCode } from '../qr/QrCode'
import { WalletConnectActions } from '../WalletConnectActions'

/** WalletConnect alone (SPEC §2 start-view rule 1 on desktop): the QR code and copy link. */
export function ConnectingWalletConnectBasic() {
  const { closeModal } = useLatchkeyContext()
  const wc = useWalletConnect({ onConnected: closeModal })
  const uriAttribute = wc.uri ? { 'data-wc-uri': wc.uri } : {}
  // A failure other than a rejection asks for nothing more until retry: no spinner beside it.
  const halted = Boolean(wc.error) && !wc.rejected
  if (!wc.available)
    return (
      <div data-lk-wc="" data-status="unavailable">
        <p data-lk-connecting-error="" role="alert">
          {t('wc.unavailable')}
        </p>
      </div>
    )
  return (
    <div data-lk-wc="" data-variant="basic" data-status={wc.status} {...uriAttribute}>
      <QrCode value={wc.uri} failed={halted} />
      {wc.error && (
        <p data-lk-connecting-error="" role="alert">
          {wc.rejected ? t('connecting.declined') : wc.error}
        </p>
      )}
      <WalletConnectActions wc={wc} />
    </div>
  )
}
