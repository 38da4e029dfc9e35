import { useId } from 'react'
import { NetworkIcon } from '../components/NetworkIcon'
import { useModalParts } from '../context/useModalParts'
import { t } from '../locales/t'
import { CopyIcon } from './icons'
import { QrCode } from './qr/QrCode'

/** Props of {@link ReceivePanel}. */
export interface ReceivePanelProps {
  hint: string
  address: string | undefined
  /** What the QR code holds (the address as the namespace's wallets scan it). */
  qrValue: string | undefined
  /** Copies the address; resolves whether it was copied. */
  copy(): Promise<boolean>
  networks: readonly {
    testId: string
    name: string
    imageId?: string | undefined
    color?: string | undefined
  }[]
  warning: string
}

/** What Receive shows in either namespace: the address as a QR code and text with copy, the networks. */
export function ReceivePanel({
  hint,
  address,
  qrValue,
  copy,
  networks,
  warning,
}: ReceivePanelProps) {
  const { toast } = useModalParts()
  const headingId = useId()
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
      <p data-lk-receive-hint="">{hint}</p>
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
            <li key={network.testId} data-testid={network.testId}>
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
        <p data-lk-receive-warning="">{warning}</p>
      </section>
    </div>
  )
}
