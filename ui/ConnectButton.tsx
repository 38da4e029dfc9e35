import { isConnected } from '../src/client/isConnected'
import { truncateAddress } from '../src/utils/truncateAddress'
import { Avatar } from './components/Avatar'
import { NetworkIcon } from './components/NetworkIcon'
import { Spinner } from './components/Spinner'
import { useLatchkeyContext } from './context/useLatchkeyContext'
import { useStoreState } from './context/useStoreState'
import { buttonConnect, buttonConnecting, buttonWrongNetwork } from './locales/shell'
import { themeVariablesToStyle } from './theme/themeVariablesToStyle'
import { useActiveNamespace } from './useActiveNamespace'
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
  const { shell, openModal, loadParts, modal } = useLatchkeyContext()
  const { status, address, chainId } = useConnection()
  const network = useNetworkDisplay(useShownChainId(chainId))
  // Solana beside wagmi: the button shows the namespace Account shows
  const active = useActiveNamespace()
  const solanaAddress =
    active.namespace === 'solana' && active.solanaConnected
      ? active.solanaState?.address
      : undefined
  const solanaCluster = solanaAddress ? active.solana?.getCluster() : undefined
  // The client's one definition: a stored connection shows only once the wallet confirmed it.
  const evmConnected = isConnected({ status, address }) && !solanaAddress
  const connected = evmConnected || solanaAddress !== undefined
  // Only a stored connection being restored shows "Connecting…": wagmi's reconnect on mount also
  // passes through 'connecting' for a visitor who never connected, and a connect the visitor
  // started shows its progress in the modal.
  const busy =
    !connected && (status === 'reconnecting' || active.solanaState?.status === 'reconnecting')
  useReconnectGuard(status)
  // while the modal is open the button is behind it, and Account reads the balances (its native
  // one included) in one call per chain: the button reads nothing of its own until it closes
  const modalOpen = useStoreState(modal, selectOpen)
  const balance = useNativeBalance(evmConnected ? address : undefined, network, {
    read: !modalOpen,
  })
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
      data-namespace={connected ? active.namespace : undefined}
      data-testid={connected ? 'account-button' : 'connect-button'}
      aria-busy={busy || undefined}
      style={themeVariablesToStyle(shell.themeVariables)}
      onClick={() => openModal()}
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
    >
      {solanaAddress && solanaCluster ? (
        <>
          <span data-lk-button-network="">
            <NetworkIcon name={solanaCluster.name} imageId="solana" color="#9945ff" size={18} />
            <span data-lk-button-network-name="">{solanaCluster.name}</span>
          </span>
          <span data-lk-button-account="">
            <Avatar address={solanaAddress} size={20} />
            <span>{truncateAddress(solanaAddress)}</span>
          </span>
        </>
      ) : evmConnected && address ? (
        <>
          {network && (
            <span data-lk-button-network="" data-unsupported={!network.supported || undefined}>
              <NetworkIcon
                name={network.name}
                imageId={network.imageId}
                color={network.color}
                size={18}
              />
              <span data-lk-button-network-name="">
                {network.supported ? network.name : buttonWrongNetwork}
              </span>
            </span>
          )}
          {network?.supported && (
            <span data-lk-button-balance="" data-loading={balance.isLoading || undefined}>
              {balance.formatted}
            </span>
          )}
          <span data-lk-button-account="">
            <Avatar address={address} size={20} />
            <span>{truncateAddress(address)}</span>
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
