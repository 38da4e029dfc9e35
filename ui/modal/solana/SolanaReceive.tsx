import { useEffect, useId } from 'react'
import { NetworkIcon } from '../../components/NetworkIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { t } from '../../locales/t'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { CopyIcon } from '../icons'
import { QrCode } from '../qr/QrCode'
import { solanaColor } from './solanaColor'
import { type ModalSolana, withModalSolana } from './withModalSolana'

/**
 * Receive for the Solana namespace: the address (base58, what Solana wallets scan) as a QR code
 * and as text with copy, and the cluster it receives on.
 */
export const SolanaReceive = withModalSolana(function SolanaReceive({
  solana,
}: {
  solana: ModalSolana
}) {
  const { router, modal } = useLatchkeyContext()
  const { toast } = useModalParts()
  const { address, cluster, status } = useSolanaAccount(solana)
  const headingId = useId()

  useEffect(() => {
    if (status === 'disconnected' && modal.getState().open) router.reset('Account')
  }, [status, router, modal])

  const onCopy = () => {
    const clipboard = globalThis.navigator?.clipboard
    if (!address || !clipboard) return toast.show('error', t('account.copyFailed'))
    clipboard.writeText(address).then(
      () => toast.show('success', t('account.copied')),
      () => toast.show('error', t('account.copyFailed')),
    )
  }

  return (
    <div data-lk-receive="">
      <p data-lk-receive-hint="">{t('solana.receiveHint')}</p>
      <QrCode value={address} label={t('receive.qrLabel')} />
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
          <li data-testid={`receive-network-solana-${cluster.id}`}>
            <NetworkIcon name={cluster.name} imageId="solana" color={solanaColor} size={20} />
            <span>{cluster.name}</span>
          </li>
        </ul>
        <p data-lk-receive-warning="">{t('solana.receiveWarning', { cluster: cluster.name })}</p>
      </section>
    </div>
  )
})
