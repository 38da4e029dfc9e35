import { useEffect } from 'react'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useReceive } from '../../hooks/useReceive'
import { t } from '../../locales/t'
import { ReceivePanel } from '../ReceivePanel'

/**
 * The Receive view, built on the public `useReceive`: the connected address as a QR code (the
 * plain checksummed address, what wallets' scanners expect) and as text with a copy button, and
 * the networks it receives on (the app's configured chains: all eip155, so one address works on
 * each).
 */
export function Receive() {
  const { router, modal } = useLatchkeyContext()
  const { address, qrValue, networks, status, copy } = useReceive()

  // disconnected elsewhere (wallet, another tab): there is no address left to receive on
  useEffect(() => {
    if (status === 'disconnected' && modal.getState().open) router.reset('Connect')
  }, [status, router, modal])

  return (
    <ReceivePanel
      hint={t('receive.hint')}
      address={address}
      qrValue={qrValue}
      copy={copy}
      networks={networks.map((network) => ({
        testId: `receive-network-${network.caipNetworkId}`,
        name: network.name,
        imageId: network.imageId,
        color: network.color,
      }))}
      warning={t('receive.warning')}
    />
  )
}
