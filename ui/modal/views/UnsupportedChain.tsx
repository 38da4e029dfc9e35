import { useConfig, useConnection } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import { useLatchkeyContext } from '../../hooks/useLatchkeyContext'
import { t } from '../../locales/t'
import { AlertIcon, DisconnectIcon } from '../icons'
import { NetworkList } from '../NetworkList'
import { useNetworkSwitch } from '../useNetworkSwitch'

/** Connected on a chain the app does not support: switch to a supported one, or disconnect. */
export function UnsupportedChain() {
  const { closeModal } = useLatchkeyContext()
  const { connector } = useConnection()
  // the action, not wagmi's useDisconnect: its mutation code would join the first bundle
  const config = useConfig()
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
      <button
        type="button"
        data-lk-row=""
        data-size="sm"
        data-tone="danger"
        data-testid="disconnect"
        onClick={() => {
          closeModal()
          // like a mutation's mutate: a failed disconnect is not an unhandled rejection
          disconnect(config, { connector }).catch(() => {})
        }}
      >
        <span data-lk-row-icon="" aria-hidden="true">
          <DisconnectIcon />
        </span>
        <span data-lk-row-label="">{t('unsupported.disconnect')}</span>
      </button>
    </div>
  )
}
