import type { SolanaTokenBalance } from '../../../connectors/solana/solanaAdapterTypes'
import { NetworkIcon } from '../../components/NetworkIcon'
import { TokenIcon } from '../account/TokenIcon'
import { solanaColor } from './solanaColor'
import { solanaTokenLabel } from './solanaTokenLabel'

/**
 * A Solana token's icon: SOL as Solana's mark; an SPL token as the initial of its symbol (of its
 * mint when the app names none) on a tile of its own colour: the adapter gives no images, and
 * nothing else is fetched. Decorative.
 */
export function SolanaTokenIcon({
  token,
  size,
}: {
  /** None: SOL. */
  token: Pick<SolanaTokenBalance, 'mint' | 'symbol' | 'name'> | undefined
  size: number
}) {
  if (!token) return <NetworkIcon name="Solana" imageId="solana" color={solanaColor} size={size} />
  return <TokenIcon name={solanaTokenLabel(token).symbol} size={size} />
}
