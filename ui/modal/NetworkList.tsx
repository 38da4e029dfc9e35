import { useChains } from 'wagmi'
import { Spinner } from '../components/Spinner'
import { t } from '../locales/t'
import { useConnection } from '../useConnection'
import { useShownChainId } from '../useShownChainId'
import { NetworkRow } from './NetworkRow'

/** Props of {@link NetworkList}. */
export interface NetworkListProps {
  onSelect(chainId: number): void
  pendingChainId?: number | undefined
  /** Lists only these of the config's chains (Swap's networks). @default every chain */
  only?: ((chainId: number) => boolean) | undefined
}

/**
 * The wagmi config's chains, the active one checked, the pending one spinning; another row stays
 * selectable while one is pending (the last choice wins).
 */
export function NetworkList({ onSelect, pendingChainId, only }: NetworkListProps) {
  const all = useChains()
  const chains = only ? all.filter((chain) => only(chain.id)) : all
  const chainId = useShownChainId(useConnection().chainId)
  return (
    <>
      {pendingChainId !== undefined && (
        <p data-lk-notice="" role="status">
          <Spinner />
          {t('networks.switching')}
        </p>
      )}
      <ul data-lk-list="">
        {chains.map((chain) => (
          <li key={chain.id}>
            <NetworkRow
              chainId={chain.id}
              active={chain.id === chainId}
              pending={chain.id === pendingChainId}
              disabled={chain.id === pendingChainId}
              onSelect={onSelect}
            />
          </li>
        ))}
      </ul>
    </>
  )
}
