import { useEffect, useId } from 'react'
import { NetworkIcon } from '../../components/NetworkIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { useReceive } from '../../hooks/useReceive'
import { t } from '../../locales/t'
import { CopyIcon } from '../icons'
import { QrCode } from '../qr/QrCode'

/**
 * The Receive view, built on the public `useReceive`: the connected address as a QR code (the
 * plain checksummed address, what wallets' scanners expect) and as text with a copy button, and
 * the networks it receives on (the app's configured chains: all eip155, so one address works on
 * each).
 */
export function Receive() {
  const { router, modal } = useLatchkeyContext()
  const { toast } = useModalParts()
  const { address, qrValue, networks, status, copy } = useReceive()
  const headingId = useId()

  // disconnected elsewhere (wallet, another tab): there is no address left to receive on
  useEffect(() => {
    if (status === 'disconnected' && modal.getState().open) router.reset('Connect')
  }, [status, router, modal])

  const onCopy = () => {
    if (!address) return
    void copy().then((copied) =>
      copied
        ? toast.show('success', t('account.copied'))
        : toast.show('error', t('account.copyFailed')),
    )
  }

  return (
    <div data-lk-receive="">
      <p data-lk-receive-hint="">{t('receive.hint')}</p>
      <QrCode value={qrValue} label={t('receive.qrLabel')} />
      <div data-lk-receive-address="">
        <code data-testid="receive-address">{address}</code>
        <button
          type="button"
          data-lk-wc-copy=""
          data-testid="receive-copy"
          disabled={!address}
          onClick={onCopy}
        >
          <CopyIcon size={14} />
          {t('receive.copy')}
        </button>
      </div>
      <section data-lk-receive-networks="" aria-labelledby={headingId}>
        <h3 id={headingId}>{t('receive.networks')}</h3>
        <ul data-testid="receive-networks">
          {networks.map((network) => (
            <li key={network.chainId} data-testid={`receive-network-${network.caipNetworkId}`}>
              <NetworkIcon
                name={network.name}
                imageId={network.imageId}
                color={network.color}
                size={20}
              />
              <span>{network.name}</span>
            </li>
          ))}
        </ul>
        <p data-lk-receive-warning="">{t('receive.warning')}</p>
      </section>
    </div>
  )
}
