import { truncateAddress } from '../../src/utils/truncateAddress'
import { useModalParts } from '../context/useModalParts'
import { t } from '../locales/t'
import { CopyIcon } from './icons'

/** Account's address line in either namespace: the truncated address (whole in its title) and Copy. */
export function AddressLine({ address }: { address: string }) {
  const { toast } = useModalParts()
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard
    if (!clipboard) return toast.show('error', t('account.copyFailed'))
    clipboard.writeText(address).then(
      () => toast.show('success', t('account.copied')),
      () => toast.show('error', t('account.copyFailed')),
    )
  }
  return (
    <div data-lk-account-line="">
      <span data-lk-account-address="" data-testid="account-address" title={address}>
        {truncateAddress(address)}
      </span>
      <button
        type="button"
        data-lk-icon-button=""
        data-size="sm"
        data-testid="copy-address"
        aria-label={t('account.copy')}
        onClick={copy}
      >
        <CopyIcon />
      </button>
    </div>
  )
}
