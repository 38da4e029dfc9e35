import { lazy, Suspense } from 'react'
import { useConnection } from 'wagmi'
import { truncateAddress } from '../src/utils/format'
import { Avatar } from './components/Avatar'
import { NetworkIcon } from './components/NetworkIcon'
import { Spinner } from './components/Spinner'
import { useLatchkeyContext } from './hooks/useLatchkeyContext'
import { useNetworkInfo } from './hooks/useNetworkInfo'
import { t } from './locales/t'
import { preloadModal } from './preloadModal'
import { themeVariablesToStyle } from './theme/themeVariablesToStyle'

/** Props of {@link ConnectButton}. */
export interface ConnectButtonProps {
  /** Text of the disconnected button. @default 'Connect Wallet' */
  label?: string | undefined
}

const ButtonBalance = lazy(() => import('./ButtonBalance'))

const preload = () => {
  preloadModal().catch(() => {})
}

/**
 * Opens the modal. Disconnected: 'Connect Wallet'. Connected: network, native balance, avatar and
 * truncated address; the click opens Account.
 * @example <ConnectButton />
 */
export function ConnectButton({ label }: ConnectButtonProps) {
  const { options, openModal } = useLatchkeyContext()
  const { status, address, chainId } = useConnection()
  const network = useNetworkInfo(chainId)
  const connected = Boolean(address) && (status === 'connected' || status === 'reconnecting')
  const busy = !connected && (status === 'connecting' || status === 'reconnecting')

  // One <button> in every state: focus stays on it when it turns into the account button.
  return (
    <button
      type="button"
      data-lk-button=""
      data-theme={options.themeMode}
      data-state={connected ? 'connected' : busy ? 'connecting' : 'disconnected'}
      data-testid={connected ? 'account-button' : 'connect-button'}
      aria-busy={busy || undefined}
      style={themeVariablesToStyle(options.themeVariables)}
      onClick={() => openModal()}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {connected && address ? (
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
                {network.supported ? network.name : t('button.wrongNetwork')}
              </span>
            </span>
          )}
          {network?.supported && (
            <Suspense fallback={null}>
              <ButtonBalance address={address} network={network} />
            </Suspense>
          )}
          <span data-lk-button-account="">
            <Avatar address={address} size={20} />
            <span>{truncateAddress(address)}</span>
          </span>
        </>
      ) : busy ? (
        <>
          <Spinner />
          <span>{t('button.connecting')}</span>
        </>
      ) : (
        (label ?? t('button.connect'))
      )}
    </button>
  )
}
