import { useEffect } from 'react'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { ReceivePanel } from '../ReceivePanel'
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
  const { address, cluster, status } = useSolanaAccount(solana)

  useEffect(() => {
    if (status === 'disconnected' && modal.getState().open) router.reset('Account')
  }, [status, router, modal])

  return (
    <ReceivePanel
      hint={t('solana.receiveHint')}
      address={address}
      qrValue={address}
      copy={async () => {
        const clipboard = globalThis.navigator?.clipboard
        if (!address || !clipboard) return false
        return clipboard.writeText(address).then(
          () => true,
          () => false,
        )
      }}
      networks={[
        {
          testId: `receive-network-solana-${cluster.id}`,
          name: cluster.name,
          imageId: 'solana',
          color: solanaColor,
        },
      ]}
      warning={t('solana.receiveWarning', { cluster: cluster.name })}
    />
  )
})
