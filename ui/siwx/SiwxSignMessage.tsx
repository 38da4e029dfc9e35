import type { SiwxStoreState } from '../../src/stores/createSiwxStore'
import { truncateAddress } from '../../src/utils/truncateAddress'
import { Avatar } from '../components/Avatar'
import { WalletIcon } from '../components/WalletIcon'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useModalParts } from '../context/useModalParts'
import { useSiwx } from '../hooks/useSiwx'
import { t } from '../locales/t'
import { AlertIcon } from '../modal/icons'
import { siwxErrorMessage } from './siwxErrorMessage'
import { useSiwxState } from './useSiwxState'

const selectAddress = (state: SiwxStoreState) => state.connection?.address
const selectMessage = (state: SiwxStoreState) => state.message?.message

/**
 * SIWXSignMessage (SPEC §4): who asks (the dapp's name and icon), for which account, the message
 * (collapsible), Sign and Cancel. Built on `useSiwx()`; a failure shows here with the error.
 */
export function SiwxSignMessage() {
  const { siwx } = useLatchkeyContext()
  const { options } = useModalParts()
  const { status, error, signIn } = useSiwx()
  const address = useSiwxState(selectAddress)
  const message = useSiwxState(selectMessage)
  const name = options.metadata?.name ?? t('siwx.thisApp')
  const signing = status === 'signing'
  return (
    <div data-lk-siwx="" data-status={status}>
      <div data-lk-siwx-pair="" aria-hidden="true">
        <WalletIcon name={name} icon={options.metadata?.icons?.[0]} size={56} />
        <span data-lk-siwx-link="" />
        {address && <Avatar address={address} size={56} />}
      </div>
      <p data-lk-siwx-title="">{t('siwx.heading', { name })}</p>
      <p data-lk-siwx-hint="">{t('siwx.explain')}</p>
      {address && (
        <p data-lk-siwx-account="" data-testid="siwx-account" title={address}>
          {truncateAddress(address)}
        </p>
      )}
      <details data-lk-siwx-details="">
        <summary>{t('siwx.showMessage')}</summary>
        {/* after a failure nothing is being prepared: the next Sign makes a new message */}
        <pre data-testid="siwx-message">
          {message ?? (error ? t('siwx.messageOnRetry') : t('siwx.preparing'))}
        </pre>
      </details>
      {error && (
        <p data-lk-siwx-error="" role="alert">
          <AlertIcon size={14} />
          <span>{siwxErrorMessage(error)}</span>
        </p>
      )}
      <div data-lk-siwx-actions="">
        <button
          type="button"
          data-lk-button-ghost=""
          data-testid="siwx-cancel"
          onClick={() => siwx?.store.cancel()}
        >
          {t('siwx.cancel')}
        </button>
        <button
          type="button"
          data-lk-button-primary=""
          data-testid="siwx-sign"
          disabled={signing}
          aria-busy={signing || undefined}
          onClick={() => {
            signIn().catch(() => {})
          }}
        >
          {signing ? t('siwx.signing') : error ? t('siwx.retry') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
}
