import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import type { SwapToken } from '../../hooks/useSwapTokens'
import { ChevronIcon } from '../icons'
import { TokenIcon } from '../send/TokenIcon'
import { tSwap } from './tSwap'

/** The token pill of a Swap card: the token picked, or 'Select token' in the accent colour. */
export function SwapTokenButton({
  token,
  side,
  chainId,
  onClick,
}: {
  token: SwapToken | undefined
  side: 'sell' | 'buy'
  chainId: number | undefined
  onClick(): void
}) {
  const sideLabel = tSwap(side === 'sell' ? 'swap.sell' : 'swap.buy')
  return (
    <button
      type="button"
      data-lk-send-token=""
      data-lk-swap-token=""
      data-empty={token ? undefined : ''}
      data-testid={`swap-${side}-token`}
      aria-label={
        token ? tSwap('swap.token', { side: sideLabel, symbol: token.symbol }) : undefined
      }
      onClick={onClick}
    >
      {token ? (
        <>
          <TokenIcon
            symbol={token.symbol}
            address={
              token.address.toLowerCase() === nativeTokenAddress.toLowerCase()
                ? undefined
                : token.address
            }
            iconUrl={token.iconUrl}
            chainId={chainId}
            size={22}
          />
          <span>{token.symbol}</span>
        </>
      ) : (
        <span>{tSwap('swap.selectToken')}</span>
      )}
      <ChevronIcon size={14} />
    </button>
  )
}
