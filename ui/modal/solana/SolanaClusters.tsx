import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useSolanaCluster } from '../../solana/useSolanaCluster'
import { NetworkChoice } from '../NetworkRow'
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
              <NetworkChoice
                testId={`cluster-${cluster.id}`}
                name={cluster.name}
                imageId="solana"
                color={solanaColor}
                active={active}
                onSelect={() => {
                  if (!active) switchCluster({ cluster: cluster.id })
                  router.goBack()
                }}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
})
