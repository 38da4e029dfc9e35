import { useEffect, useRef, useState } from 'react'
import { useConnectors } from 'wagmi'
import { isUserRejection } from '../../../src/errors/isUserRejection'
import { parseErrorMessage } from '../../../src/utils/parseErrorMessage'
import { NetworkIcon } from '../../components/NetworkIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaWallets } from '../../solana/useSolanaWallets'
import { QrCode } from '../qr/QrCode'
import type { ViewProps } from '../ViewProps'
import { WalletConnectActions } from '../WalletConnectActions'
import { WalletConnectError } from '../WalletConnectError'
import { WalletConnectPanel } from '../WalletConnectPanel'
import { SolanaWalletLinkRow } from './SolanaWalletLinkRow'
import { solanaColor } from './solanaColor'
import { useSolanaWalletLinks } from './useSolanaWalletLinks'
import { type ModalSolana, withModalSolana } from './withModalSolana'

type Status = 'connecting' | 'connected' | 'disconnected'

/**
 * WalletConnect for Solana: connects the adapter's linked WalletConnect wallet (a pairing of the
 * `walletConnect()` connector's provider asking for the `solana` namespace) and shows its URI,
 * which comes as the connector's `solana_display_uri` message, as a QR code with copy link. A
 * declined proposal gets a fresh one at once (as the EVM view); on success the Solana namespace
 * shows and the modal closes. A session that already carries Solana connects with no QR. Left
 * while the QR waits (Back, the modal closed), the pairing is cancelled. On a phone, Phantom and
 * Coinbase Wallet follow as links that open this page in their own browser (SPEC §7).
 */
export const ConnectingSolanaWalletConnect = withModalSolana<
  ViewProps<'ConnectingSolanaWalletConnect'>
>(function ConnectingSolanaWalletConnect({
  data,
  solana,
}: ViewProps<'ConnectingSolanaWalletConnect'> & { solana: ModalSolana }) {
  const { adapter } = solana
  const { router, closeModal, setNamespace } = useLatchkeyContext()
  const connector = useConnectors().find((candidate) => candidate.type === 'walletConnect')
  const name = typeof data?.wallet === 'string' ? data.wallet : ''
  const [uri, setUri] = useState<string>()
  const [status, setStatus] = useState<Status>('connecting')
  const [failure, setFailure] = useState<{ error: unknown; rejected: boolean }>()
  const [attempt, setAttempt] = useState(0)
  const asked = useRef(-1)
  /** Counts connect calls: only the latest one's outcome is shown. */
  const calls = useRef(0)
  // On a phone the QR cannot be scanned from the same screen: Phantom and Coinbase Wallet (when
  // not in the page) are offered as links that open this page in their own browser.
  const installed = useSolanaWallets(solana).filter((wallet) => wallet.readyState === 'Installed')
  const walletLinks = useSolanaWalletLinks(solana, installed)

  useEffect(() => {
    if (!connector) return
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (message.type === 'solana_display_uri' && typeof message.data === 'string')
        setUri(message.data)
    }
    connector.emitter.on('message', onMessage)
    return () => connector.emitter.off('message', onMessage)
  }, [connector])

  useEffect(() => {
    if (!name || !connector || asked.current === attempt) return
    asked.current = attempt
    const call = ++calls.current
    setStatus('connecting')
    setUri(undefined)
    adapter.connect({ wallet: name }).then(
      () => {
        if (call !== calls.current) return
        setStatus('connected')
        setFailure(undefined)
        setNamespace('solana')
        if (router.getState().history.at(-1)?.view === 'ConnectingSolanaWalletConnect') closeModal()
      },
      (error: unknown) => {
        if (call !== calls.current) return
        const rejected = isUserRejection(error)
        setFailure({ error, rejected })
        setStatus('disconnected')
        // a declined proposal: a fresh one at once, the decline shown beside it
        if (rejected) setAttempt((count) => count + 1)
      },
    )
  }, [adapter, connector, name, attempt, router, closeModal, setNamespace])

  // Back (or the modal closed) while the QR waits: the pairing is cancelled, so the adapter is
  // not left connecting and a wallet that scans the old QR later connects nothing.
  useEffect(
    () => () => {
      calls.current++
      asked.current = -1
      const state = adapter.getState()
      if (state.status === 'connecting' && state.wallet === name) void adapter.disconnect()
    },
    [adapter, name],
  )

  const wc = {
    available: connector !== undefined,
    uri,
    status,
    platform: 'desktop' as const,
    error: failure ? parseErrorMessage(failure.error) : undefined,
    rejected: failure?.rejected ?? false,
    refresh: () => {
      setFailure(undefined)
      setAttempt((count) => count + 1)
    },
  }
  const halted = Boolean(wc.error) && !wc.rejected
  return (
    <WalletConnectPanel wc={wc}>
      <QrCode
        value={uri}
        failed={halted}
        logo={<NetworkIcon name={t('solana.tag')} imageId="solana" color={solanaColor} size={44} />}
      />
      <p data-lk-connecting-title="" data-testid="connecting-status" role="status">
        {status === 'connected' ? t('wc.connected') : t('wc.scan')}
      </p>
      {wc.error ? (
        <WalletConnectError wc={wc} />
      ) : (
        <p data-lk-connecting-hint="">{t('solana.wcScanHint')}</p>
      )}
      <WalletConnectActions wc={wc} />
      {walletLinks && (
        <ul data-lk-list="" data-lk-wc-links="" data-testid="solana-wc-wallet-links">
          {walletLinks.links.map((wallet) => (
            <li key={wallet.id}>
              <SolanaWalletLinkRow wallet={wallet} pageUrl={walletLinks.pageUrl} />
            </li>
          ))}
        </ul>
      )}
    </WalletConnectPanel>
  )
})
