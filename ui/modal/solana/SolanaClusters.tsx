import { NetworkIcon } from '../../components/NetworkIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaCluster } from '../../solana/useSolanaCluster'
import { CheckIcon } from '../icons'
import { solanaColor } from './solanaColor'
import { type ModalSolana, withModalSolana } from './withModalSolana'

/**
 * The Solana clusters the app configured, the current one checked: a pick switches reads and
 * signatures to it (the wallet stays connected, balances are read again) and goes back to Account.
 * Nothing asks the wallet: a Solana wallet signs for whichever cluster the transaction names.
 */
export const SolanaClusters = withModalSolana(function SolanaClusters({
  solana,
}: {
  solana: ModalSolana
}) {
  const { router } = useLatchkeyContext()
  const { cluster: current, clusters, switchCluster } = useSolanaCluster(solana)
  return (
    <div data-lk-networks="">
      <ul data-lk-list="">
        {clusters.map((cluster) => {
          const active = cluster.id === current.id
          return (
            <li key={cluster.id}>
              <button
                type="button"
                data-lk-row=""
                data-testid={`cluster-${cluster.id}`}
                data-active={active || undefined}
                aria-current={active || undefined}
                onClick={() => {
                  if (!active) switchCluster({ cluster: cluster.id })
                  router.goBack()
                }}
              >
                <NetworkIcon name={cluster.name} imageId="solana" color={solanaColor} size={32} />
                <span data-lk-row-label="">{cluster.name}</span>
                {active && (
                  <span data-lk-row-check="">
                    <CheckIcon />
                    <span data-lk-sr-only="">{t('networks.active')}</span>
                  </span>
                )}
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
})
