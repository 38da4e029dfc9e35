import { useChains, useConnection, useSwitchChain } from 'wagmi'
import type { ConfigChainId } from '../hooks/ConfigChainId'
import { useLatchkeyContext } from '../hooks/useLatchkeyContext'
import { useModalCore } from '../hooks/useModalCore'
import { t } from '../locales/t'

/** Parameters of {@link useNetworkSwitch}. */
export interface UseNetworkSwitchParameters {
  /** What a failed switch does after the error toast. @default 'goBack' (SPEC §4) */
  onFailure?: 'goBack' | 'stay' | undefined
}

/**
 * Switches the active chain with wagmi (which adds the chain on 4902 for injected wallets) and
 * navigates per SPEC §4: the modal closes when the old network left the list, else back to Account;
 * a failed switch goes back one view with an error toast.
 */
export function useNetworkSwitch({ onFailure = 'goBack' }: UseNetworkSwitchParameters = {}) {
  const { router, closeModal } = useLatchkeyContext()
  const { toast } = useModalCore()
  const chains = useChains()
  const { chainId, isConnected } = useConnection()
  const { mutate, isPending, variables } = useSwitchChain()

  const switchTo = (targetId: number) => {
    if (isPending) return
    if (targetId === chainId) {
      router.goBack()
      return
    }
    const previous = chainId
    mutate(
      { chainId: targetId as ConfigChainId },
      {
        onSuccess() {
          const stillListed = previous !== undefined && chains.some((c) => c.id === previous)
          if (!stillListed) closeModal()
          else if (router.getState().history.length > 1) router.goBack()
          else if (isConnected) router.replace('Account')
          else closeModal()
        },
        onError() {
          toast.show('error', t('networks.switchFailed'))
          if (onFailure === 'goBack') router.goBack()
        },
      },
    )
  }

  return { switchTo, isPending, pendingChainId: isPending ? variables?.chainId : undefined }
}
