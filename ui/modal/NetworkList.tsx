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
}

/**
 * The wagmi config's chains, the active one checked, the pending one spinning; another row stays
 * selectable while one is pending (the last choice wins).
 */
export function NetworkList({ onSelect, pendingChainId }: NetworkListProps) {
  const chains = useChains()
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
