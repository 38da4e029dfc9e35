import { t } from '../../locales/t'
import { DisconnectButton } from '../DisconnectButton'
import { AlertIcon } from '../icons'
import { NetworkList } from '../NetworkList'
import { useNetworkSwitch } from '../useNetworkSwitch'

/** Connected on a chain the app does not support: switch to a supported one, or disconnect. */
export function UnsupportedChain() {
  // this view is the root of its stack: going back would close the modal and hide the error
  const { switchTo, pendingChainId } = useNetworkSwitch({ onFailure: 'stay' })
  return (
    <div data-lk-unsupported="">
      <div data-lk-notice="" data-tone="warning">
        <AlertIcon />
        <div>
          <p data-lk-notice-title="">{t('unsupported.title')}</p>
          <p>{t('unsupported.hint')}</p>
        </div>
      </div>
      <NetworkList onSelect={switchTo} pendingChainId={pendingChainId} />
      <DisconnectButton label={t('unsupported.disconnect')} />
    </div>
  )
}
