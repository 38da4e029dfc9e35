import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaWallets } from '../../solana/useSolanaWallets'
import { SolanaLinkedWalletRows } from './SolanaLinkedWalletRows'
import { SolanaWalletLinkRow } from './SolanaWalletLinkRow'
import { SolanaWalletRowBody } from './SolanaWalletRowBody'
import { useSolanaWalletLinks } from './useSolanaWalletLinks'
import { type ModalSolana, withModalSolana } from './withModalSolana'

/**
 * The page's Solana wallets (Wallet Standard) as rows of the Connect list, the Solana mark on
 * their icon (and "Solana" for screen readers) and tagged Installed; a click opens ConnectingSolana. Wallets that cannot connect or sign are not offered.
 * Then the ones wagmi's connectors bring (the signed-in email wallet, WalletConnect).
 * On a phone-sized viewport, Phantom and Coinbase Wallet follow when they are not installed: links
 * that open this page in the wallet's own browser (SPEC §7, §9).
 */
export const SolanaWalletRows = withModalSolana(function SolanaWalletRows({
  solana,
}: {
  solana: ModalSolana
}) {
  const { router } = useLatchkeyContext()
  const listed = useSolanaWallets(solana)
  const wallets = listed.filter((wallet) => wallet.readyState === 'Installed')
  const links = useSolanaWalletLinks(solana, wallets)
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
            <SolanaWalletRowBody
              name={wallet.name}
              icon={wallet.icon}
              tag={t('connect.installed')}
              tone="success"
            />
          </button>
        </li>
      ))}
      <SolanaLinkedWalletRows wallets={listed} />
      {links?.links.map((wallet) => (
        <li key={`solana-link:${wallet.id}`}>
          <SolanaWalletLinkRow wallet={wallet} pageUrl={links.pageUrl} />
        </li>
      ))}
    </>
  )
})
