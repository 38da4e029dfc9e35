import { isConnected } from '../src/client/isConnected'
import { truncateAddress } from '../src/utils/truncateAddress'
import { Avatar } from './components/Avatar'
import { NetworkIcon } from './components/NetworkIcon'
import { Spinner } from './components/Spinner'
import { useLatchkeyContext } from './context/useLatchkeyContext'
import { useStoreState } from './context/useStoreState'
import { buttonConnect, buttonConnecting, buttonWrongNetwork } from './locales/shell'
import { themeVariablesToStyle } from './theme/themeVariablesToStyle'
import { useConnection } from './useConnection'
import { useNativeBalance } from './useNativeBalance'
import { useNetworkDisplay } from './useNetworkDisplay'
import { useReconnectGuard } from './useReconnectGuard'
import { useShownChainId } from './useShownChainId'

const selectOpen = (state: { open: boolean }) => state.open

/** Props of {@link ConnectButton}. */
export interface ConnectButtonProps {
  /** Text of the disconnected button. @default 'Connect Wallet' */
  label?: string | undefined
}

/**
 * Opens the modal. Disconnected: 'Connect Wallet'. Connected: network, native balance, avatar and
 * truncated address; the click opens Account.
 * @example <ConnectButton />
 */
export function ConnectButton({ label }: ConnectButtonProps) {
  const { shell, openModal, loadParts, modal, namespace, solana } = useLatchkeyContext()
  const { status, address, chainId } = useConnection()
  const network = useNetworkDisplay(useShownChainId(chainId))
  // Solana beside wagmi (a <SolanaProvider> inside the provider): the namespace Account shows
  const solanaAddress = namespace === 'solana' ? solana?.address : undefined
  // The client's one definition: a stored connection shows only once the wallet confirmed it.
  const evmConnected = isConnected({ status, address }) && !solanaAddress
  const connected = evmConnected || solanaAddress !== undefined
  // Only a stored connection being restored shows "Connecting…": wagmi's reconnect on mount also
  // passes through 'connecting' for a visitor who never connected, and a connect the visitor
  // started shows its progress in the modal.
  const busy = !connected && (status === 'reconnecting' || solana?.status === 'reconnecting')
  useReconnectGuard(status)
  // while the modal is open the button is behind it, and Account reads the balances (its native
  // one included) in one call per chain: the button reads nothing of its own until it closes
  const modalOpen = useStoreState(modal, selectOpen)
  const balance = useNativeBalance(evmConnected ? address : undefined, network, {
    read: !modalOpen,
  })
  // what the connected button shows: Solana's cluster and account, or wagmi's network, balance, account
  const shown = solanaAddress
    ? {
        address: solanaAddress,
        network: solana && {
          name: solana.clusterName,
          imageId: 'solana',
          color: '#9945ff',
          supported: true,
        },
        balance: solana?.balance,
        loading: false,
      }
    : evmConnected && address
      ? {
          address,
          network,
          balance: network?.supported ? balance.formatted : undefined,
          loading: balance.isLoading,
        }
      : undefined
  // Loads the modal chunk (and validates the options) before the click lands: a pointer's hover,
  // keyboard focus, or a finger's pointerdown (a tap gives neither hover nor focus first).
  const preload = () => {
    loadParts().catch(() => {})
  }

  // One <button> in every state: focus stays on it when it turns into the account button.
  return (
    <button
      type="button"
      data-lk-button=""
      data-theme={shell.themeMode}
      data-state={connected ? 'connected' : busy ? 'connecting' : 'disconnected'}
      data-namespace={connected ? (solanaAddress ? 'solana' : 'eip155') : undefined}
      data-testid={connected ? 'account-button' : 'connect-button'}
      aria-busy={busy || undefined}
      style={themeVariablesToStyle(shell.themeVariables)}
      onClick={() => openModal()}
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
    >
      {shown ? (
        <>
          {shown.network && (
            <span
              data-lk-button-network=""
              data-unsupported={!shown.network.supported || undefined}
            >
              <NetworkIcon
                name={shown.network.name}
                imageId={shown.network.imageId}
                color={shown.network.color}
                size={18}
              />
              <span data-lk-button-network-name="">
                {shown.network.supported ? shown.network.name : buttonWrongNetwork}
              </span>
            </span>
          )}
          {shown.balance !== undefined && (
            <span data-lk-button-balance="" data-loading={shown.loading || undefined}>
              {shown.balance}
            </span>
          )}
          <span data-lk-button-account="">
            <Avatar address={shown.address} size={20} />
            <span>{truncateAddress(shown.address)}</span>
          </span>
        </>
      ) : busy ? (
        <>
          <Spinner />
          <span>{buttonConnecting}</span>
        </>
      ) : (
        (label ?? buttonConnect)
      )}
    </button>
  )
}
