import { AlertIcon } from '../icons'
import { NetworkList } from '../NetworkList'
import { useNetworkSwitch } from '../useNetworkSwitch'
import { tSwap } from './tSwap'

/**
 * UnsupportedChain's swap variant: the connected chain is not a swap network of the app (SPEC
 * §9's list ∩ the `swap` option's contracts); its swap networks are listed to switch to, and the
 * Swap view shows the form once the switch is confirmed.
 */
export function SwapUnsupportedChain({ supports }: { supports(chainId: number): boolean }) {
  const { switchTo, pendingChainId } = useNetworkSwitch({ onFailure: 'stay', onSuccess: 'stay' })
  return (
    <div data-lk-unsupported="" data-testid="swap-unsupported">
      <div data-lk-notice="" data-tone="warning">
        <AlertIcon />
        <div>
          <p data-lk-notice-title="">{tSwap('swap.unsupported.title')}</p>
          <p>{tSwap('swap.unsupported.hint')}</p>
        </div>
      </div>
      <NetworkList onSelect={switchTo} pendingChainId={pendingChainId} only={supports} />
    </div>
  )
}
