import { isSafeImageUrl } from '../../../src/utils/url'
import { NetworkIcon } from '../../components/NetworkIcon'
import { useNetworkInfo } from '../useNetworkInfo'

/** Props of {@link TokenIcon}. */
export interface TokenIconProps {
  symbol: string
  /** The token contract; none: the chain's own currency, drawn as the network's mark. */
  address?: string | undefined
  iconUrl?: string | null | undefined
  chainId: number | undefined
  size?: number | undefined
}

/**
 * A token's icon: its image when it is https or a small data: image, the network's mark for the
 * native currency, else the symbol's initial on a colour of its own (nothing else is fetched).
 */
export function TokenIcon({ symbol, address, iconUrl, chainId, size = 28 }: TokenIconProps) {
  const network = useNetworkInfo(chainId)
  if (isSafeImageUrl(iconUrl))
    return (
      <img
        data-lk-token-icon=""
        src={iconUrl}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
      />
    )
  if (!address && network)
    return (
      <NetworkIcon
        name={network.name}
        imageId={network.imageId}
        color={network.color}
        size={size}
      />
    )
  return <NetworkIcon name={symbol} size={size} />
}
