import { NetworkIcon } from '../components/NetworkIcon'
import { Spinner } from '../components/Spinner'
import { t } from '../locales/t'
import { CheckIcon } from './icons'
import { useNetworkInfo } from './useNetworkInfo'

/** Props of {@link NetworkRow}. */
export interface NetworkRowProps {
  chainId: number
  active: boolean
  pending: boolean
  disabled: boolean
  onSelect(chainId: number): void
}

/** One network: icon, name, a check when active, a spinner while switching to it. */
export function NetworkRow({ chainId, active, pending, disabled, onSelect }: NetworkRowProps) {
  const network = useNetworkInfo(chainId)
  if (!network) return null
  return (
    <button
      type="button"
      data-lk-row=""
      data-testid={`network-${network.caipNetworkId}`}
      data-active={active || undefined}
      aria-current={active || undefined}
      aria-disabled={disabled || undefined}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!disabled) onSelect(chainId)
      }}
    >
      <NetworkIcon name={network.name} imageId={network.imageId} color={network.color} size={32} />
      <span data-lk-row-label="">{network.name}</span>
      {pending ? (
        <Spinner />
      ) : (
        active && (
          <span data-lk-row-check="">
            <CheckIcon />
            <span data-lk-sr-only="">{t('networks.active')}</span>
          </span>
        )
      )}
    </button>
  )
}
