import { getCurrentRoute } from '../../../src/machines/router'
import { WalletIcon } from '../../components/WalletIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { connectErrorMessage } from '../connectErrorMessage'
import { getRouteWallet } from '../getRouteWallet'
import { AlertIcon } from '../icons'
import { useConnectWallet } from '../useConnectWallet'
import type { ViewProps } from '../ViewProps'

/** Connecting to an injected or other wagmi wallet: asks it on mount, shows rejection, offers retry. */
export function ConnectingExternal({ data }: ViewProps<'ConnectingExternal'>) {
  const wallet = getRouteWallet(data)
  const { closeModal, router } = useLatchkeyContext()
  // The connect machine asks the wallet once while this view shows (StrictMode included).
  // AppKit closes the modal after a successful connect; opening again starts on Account
  // …unless something else took the modal meanwhile (the sign-in prompt opens on connect)
  const { available, status, failure, error, retry } = useConnectWallet(wallet, {
    onSuccess: () => {
      if (getCurrentRoute(router.getState()).view === 'ConnectingExternal') closeModal()
    },
  })

  if (!wallet) return null
  const failed = status === 'failed'
  const state = !available
    ? 'unavailable'
    : failed
      ? 'error'
      : status === 'connected'
        ? 'success'
        : 'pending'

  return (
    <div data-lk-connecting="" data-status={state}>
      <div data-lk-connecting-icon="" data-status={state}>
        <WalletIcon name={wallet.name} icon={wallet.icon} size={72} />
        {failed && (
          <span data-lk-connecting-badge="" aria-hidden="true">
            <AlertIcon size={14} />
          </span>
        )}
      </div>
      <p data-lk-connecting-title="" data-testid="connecting-status" role="status">
        {available
          ? t('connecting.continue', { name: wallet.name })
          : t('connecting.notInstalled', { name: wallet.name })}
      </p>
      {failed ? (
        <p data-lk-connecting-error="" role="alert">
          {connectErrorMessage({ failure, error })}
        </p>
      ) : (
        available && <p data-lk-connecting-hint="">{t('connecting.accept')}</p>
      )}
      {failed && (
        <button type="button" data-lk-button-secondary="" data-testid="retry" onClick={retry}>
          {t('connecting.retry')}
        </button>
      )}
    </div>
  )
}
