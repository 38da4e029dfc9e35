import { WalletIcon } from '../../components/WalletIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaWallets } from '../../solana/useSolanaWallets'

/**
 * The page's Solana wallets (Wallet Standard) as rows of the Connect list, tagged Solana and
 * Installed; a click opens ConnectingSolana. Wallets that cannot connect or sign are not offered.
 */
export function SolanaWalletRows() {
  const { router } = useLatchkeyContext()
  const wallets = useSolanaWallets().filter((wallet) => wallet.readyState === 'Installed')
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
            <WalletIcon name={wallet.name} icon={wallet.icon} size={36} />
            <span data-lk-row-label="">{wallet.name}</span>
            <span data-lk-tag="" data-tone="muted">
              {t('solana.tag')}
            </span>
            <span data-lk-tag="" data-tone="success">
              {t('connect.installed')}
            </span>
          </button>
        </li>
      ))}
    </>
  )
}
