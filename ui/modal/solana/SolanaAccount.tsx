import { useEffect, useRef } from 'react'
import { formatUnits } from 'viem'
import { useConfig } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import { formatBalance } from '../../../src/utils/format'
import { Avatar } from '../../components/Avatar'
import { NetworkIcon } from '../../components/NetworkIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { t } from '../../locales/t'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { useSolanaBalance } from '../../solana/useSolanaBalance'
import { useSolanaTokenBalances } from '../../solana/useSolanaTokenBalances'
import { useConnection } from '../../useConnection'
import { unknownBalance } from '../../useNativeBalance'
import { ActionRow } from '../ActionRow'
import { AddressLine } from '../AddressLine'
import { BalanceLine } from '../account/BalanceLine'
import { ChevronIcon, DisconnectIcon } from '../icons'
import { ReceiveRow } from '../ReceiveRow'
import { SendRow } from '../SendRow'
import { SolanaTokenIcon } from './SolanaTokenIcon'
import { solanaColor } from './solanaColor'
import { solanaTokenLabel } from './solanaTokenLabel'
import { type ModalSolana, withModalSolana } from './withModalSolana'

/**
 * Account for the Solana namespace, built on the Solana hooks: avatar, address with copy, SOL
 * balance, cluster, Receive, Send (SOL and SPL tokens), the SOL and SPL token balances, and a
 * disconnect of the Solana wallet (and of wagmi's connection when both came through one
 * WalletConnect or embedded connector, SPEC §4; else wagmi's connection stays).
 */
export const SolanaAccount = withModalSolana(function SolanaAccount({
  solana,
}: {
  solana: ModalSolana
}) {
  const { adapter } = solana
  const { router, modal, closeModal } = useLatchkeyContext()
  // the action, not wagmi's useDisconnect: its mutation code would join the first bundle
  const config = useConfig()
  const { connector } = useConnection()
  const { options } = useModalParts()
  const account = useSolanaAccount(solana)
  const balance = useSolanaBalance(solana)
  const tokens = useSolanaTokenBalances(solana)
  // keeps the last address on screen while the modal fades out after a disconnect
  const lastAddress = useRef(account.address)
  if (account.address) lastAddress.current = account.address
  const address = lastAddress.current

  // disconnected in the wallet: Account shows the other namespace, or Connect when none is left
  useEffect(() => {
    if (account.status === 'disconnected' && modal.getState().open) router.reset('Account')
  }, [account.status, router, modal])

  if (!address) return null
  const cluster = account.cluster
  const { clusters } = adapter
  const clusterLabel = (
    <>
      <NetworkIcon name={cluster.name} imageId="solana" color={solanaColor} size={18} />
      <span>{cluster.name}</span>
    </>
  )
  const sol = balance.data ? formatBalance(balance.data.formatted, 'SOL') : unknownBalance

  return (
    <div data-lk-account="" data-namespace="solana">
      <div data-lk-account-hero="">
        <Avatar address={address} size={72} />
        <AddressLine address={address} />
        <BalanceLine
          balance={{
            formatted: sol,
            isLoading: balance.isLoading,
            isError: balance.isError && !balance.data,
            refetch: () => void balance.refetch(),
          }}
        />
        {clusters.length > 1 && options.enableNetworkSwitch ? (
          <button
            type="button"
            data-lk-pill=""
            data-testid="account-cluster"
            aria-label={t('account.network', { name: cluster.name })}
            onClick={() => router.push('SolanaClusters')}
          >
            {clusterLabel}
            <ChevronIcon size={14} />
          </button>
        ) : (
          <span data-lk-pill="" data-testid="account-cluster" title={t('solana.clusterLabel')}>
            {clusterLabel}
          </span>
        )}
      </div>
      <div data-lk-account-actions="">
        {options.features.receive && <ReceiveRow onClick={() => router.push('SolanaReceive')} />}
        {options.features.send && <SendRow onClick={() => router.push('SolanaSend')} />}
      </div>
      <ul data-lk-solana-tokens="" data-testid="token-list" aria-label={t('account.tab.tokens')}>
        <li>
          <div data-lk-token-row="" data-testid="token-SOL">
            <NetworkIcon name="Solana" imageId="solana" color={solanaColor} size={36} />
            <span data-lk-token-text="">
              <span data-lk-token-name="">Solana</span>
              <span data-lk-token-sub="">SOL</span>
            </span>
            <span data-lk-token-figures="">
              <span data-lk-token-amount="" data-testid="token-amount-SOL">
                {sol}
              </span>
            </span>
          </div>
        </li>
        {tokens.data?.map((token) => {
          const label = solanaTokenLabel(token)
          return (
            <li key={token.mint}>
              <div data-lk-token-row="" data-testid={`token-${token.mint}`}>
                <SolanaTokenIcon token={token} size={36} />
                <span data-lk-token-text="">
                  <span data-lk-token-name="" title={token.mint}>
                    {label.name}
                  </span>
                  <span data-lk-token-sub="">{label.symbol}</span>
                </span>
                <span data-lk-token-figures="">
                  <span data-lk-token-amount="" data-testid={`token-amount-${token.mint}`}>
                    {formatBalance(formatUnits(token.amount, token.decimals), token.symbol)}
                  </span>
                </span>
              </div>
            </li>
          )
        })}
      </ul>
      {tokens.isError && (
        <p data-lk-panel-notice="" role="alert">
          {t('account.tokensFailedHint')}
        </p>
      )}
      <ActionRow
        icon={<DisconnectIcon />}
        label={t('account.disconnect')}
        testId="disconnect"
        tone="danger"
        onClick={() => {
          closeModal()
          // SPEC §4: disconnecting one connector of a WalletConnect or auth (embedded) type
          // disconnects the other chains using that type: wagmi's, when its connector is the one
          // this Solana wallet came through
          const through = adapter.getWallets().find((each) => each.name === account.wallet)
          if (through?.connector && connector?.type === through.connector)
            disconnect(config, { connector }).catch(() => {})
          // the adapter, not useSolanaDisconnect: TanStack's mutation code would join the first bundle
          adapter.disconnect().catch(() => {})
        }}
      />
    </div>
  )
})
