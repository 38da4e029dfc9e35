import { NetworkIcon } from '../../components/NetworkIcon'
import { WalletIcon } from '../../components/WalletIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaWallets } from '../../solana/useSolanaWallets'
import { solanaColor } from './solanaColor'
import { type ModalSolana, withModalSolana } from './withModalSolana'

/**
 * The page's Solana wallets (Wallet Standard) as rows of the Connect list, the Solana mark on
 * their icon (and "Solana" for screen readers) and tagged Installed; a click opens ConnectingSolana. Wallets that cannot connect or sign are not offered.
 */
export const SolanaWalletRows = withModalSolana(function SolanaWalletRows({
  solana,
}: {
  solana: ModalSolana
}) {
  const { router } = useLatchkeyContext()
  const wallets = useSolanaWallets(solana).filter((wallet) => wallet.readyState === 'Installed')
  return (
    <>
      {wallets.map((wallet) => (
        <li key={`solana:${wallet.name}`}>
          <button
            type="button"
            data-lk-row=""
            data-namespace="solana"
            data-testid={`solana-wallet-${wallet.name}`}
            onClick={() => router.push('ConnectingSolana', { wallet: wallet.name })}
          >
            <span data-lk-namespace-badged="">
              <WalletIcon name={wallet.name} icon={wallet.icon} size={36} />
              <NetworkIcon name={t('solana.tag')} imageId="solana" color={solanaColor} size={16} />
            </span>
            <span data-lk-row-label="">
              {wallet.name}
              <span data-lk-sr-only="">{` (${t('solana.tag')})`}</span>
            </span>
            <span data-lk-tag="" data-tone="success">
              {t('connect.installed')}
            </span>
          </button>
        </li>
      ))}
    </>
  )
})
