import type { SolanaWallet } from '../../../connectors/solana/solanaWallets'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useConnection } from '../../useConnection'
import { MailIcon } from '../embeddedWallet/embeddedIcons'
import { QrGlyph } from '../qr/QrGlyph'
import { SolanaWalletRowBody } from './SolanaWalletRowBody'

/**
 * The Solana wallets wagmi's connectors bring, as rows of the Connect list: the embedded wallet's
 * Solana account while the visitor is signed in with it (connecting it asks nothing: the email
 * login is the session), and WalletConnect's `solana` namespace (a QR code).
 */
export function SolanaLinkedWalletRows({ wallets }: { wallets: readonly SolanaWallet[] }) {
  const { router } = useLatchkeyContext()
  const connection = useConnection()
  const signedIn =
    connection.status === 'connected' && connection.connector?.type === 'embeddedWallet'
  const embedded = signedIn ? wallets.find((w) => w.connector === 'embeddedWallet') : undefined
  const walletConnect = wallets.find((w) => w.connector === 'walletConnect')
  return (
    <>
      {embedded && (
        <li key="solana-linked:embedded">
          <button
            type="button"
            data-lk-row=""
            data-namespace="solana"
            data-testid="solana-wallet-embedded"
            onClick={() => router.push('ConnectingSolana', { wallet: embedded.name })}
          >
            <SolanaWalletRowBody
              name={t('solana.embeddedName')}
              icon={undefined}
              glyph={<MailIcon size={20} />}
              tag={t('solana.signedIn')}
              tone="success"
            />
          </button>
        </li>
      )}
      {walletConnect && (
        <li key="solana-linked:walletConnect">
          <button
            type="button"
            data-lk-row=""
            data-namespace="solana"
            data-testid="solana-wallet-walletConnect"
            onClick={() =>
              router.push('ConnectingSolanaWalletConnect', { wallet: walletConnect.name })
            }
          >
            <SolanaWalletRowBody
              name={walletConnect.name}
              icon={undefined}
              glyph={<QrGlyph size={22} />}
              namespaceShown
              tag={t('wc.tag')}
              tone="accent"
            />
          </button>
        </li>
      )}
    </>
  )
}
