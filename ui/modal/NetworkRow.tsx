import { NetworkIcon } from '../components/NetworkIcon'
import { Spinner } from '../components/Spinner'
import { t } from '../locales/t'
import { CheckIcon } from './icons'
import { useNetworkInfo } from './useNetworkInfo'

/** Props of {@link NetworkChoice}. */
export interface NetworkChoiceProps {
  testId: string
  name: string
  /** The network's icon (see `NetworkIcon`). */
  imageId?: string | undefined
  color?: string | undefined
  active: boolean
  pending?: boolean | undefined
  disabled?: boolean | undefined
  onSelect(): void
}

/**
 * One row of a network list (EVM chains, Solana clusters): icon, name, a check when active, a
 * spinner while switching to it.
 */
export function NetworkChoice({
  testId,
  name,
  imageId,
  color,
  active,
  pending = false,
  disabled = false,
  onSelect,
}: NetworkChoiceProps) {
  return (
    <button
      type="button"
      data-lk-row=""
      data-testid={testId}
      data-active={active || undefined}
      aria-current={active || undefined}
      aria-disabled={disabled || undefined}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!disabled) onSelect()
      }}
    >
      <NetworkIcon name={name} imageId={imageId} color={color} size={32} />
      <span data-lk-row-label="">{name}</span>
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

/** Props of {@link NetworkRow}. */
export interface NetworkRowProps {
  chainId: number
  active: boolean
  pending: boolean
  disabled: boolean
  onSelect(chainId: number): void
}

/** One configured EVM chain of the Networks view. */
export function NetworkRow({ chainId, active, pending, disabled, onSelect }: NetworkRowProps) {
  const network = useNetworkInfo(chainId)
  if (!network) return null
  return (
    <NetworkChoice
      testId={`network-${network.caipNetworkId}`}
      name={network.name}
      imageId={network.imageId}
      color={network.color}
      active={active}
      pending={pending}
      disabled={disabled}
      onSelect={() => onSelect(chainId)}
    />
  )
}
