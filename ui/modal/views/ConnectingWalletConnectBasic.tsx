import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useWalletConnect } from '../../hooks/useWalletConnect'
import { QrCode } from '../qr/QrCode'
import { WalletConnectActions } from '../WalletConnectActions'
import { WalletConnectError } from '../WalletConnectError'
import { WalletConnectPanel } from '../WalletConnectPanel'

/** WalletConnect alone (SPEC §2 start-view rule 1 on desktop): the QR code and copy link. */
export function ConnectingWalletConnectBasic() {
  const { closeModal } = useLatchkeyContext()
  const wc = useWalletConnect({ onConnected: closeModal })
  return (
    <WalletConnectPanel wc={wc} variant="basic">
      {/* A failure other than a rejection asks for nothing more until retry: no spinner beside it. */}
      <QrCode value={wc.uri} failed={Boolean(wc.error) && !wc.rejected} />
      <WalletConnectError wc={wc} />
      <WalletConnectActions wc={wc} />
    </WalletConnectPanel>
  )
}
