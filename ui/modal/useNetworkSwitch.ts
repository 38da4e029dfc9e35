import { useState } from 'react'
import { useChains, useConfig } from 'wagmi'
import { switchChain } from 'wagmi/actions'
import type { ConfigChainId } from '../hooks/ConfigChainId'
import { useLatchkeyContext } from '../hooks/useLatchkeyContext'
import { useModalCore } from '../hooks/useModalCore'
import { useMountedRef } from '../hooks/useMountedRef'
import { t } from '../locales/t'
import { useConnection } from '../wagmiCompat'

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
  // the action with its own pending state, not wagmi's useSwitchChain: its mutation code would
  // join the app's first bundle
  const config = useConfig()
  const [pendingChainId, setPendingChainId] = useState<number | undefined>(undefined)
  const isPending = pendingChainId !== undefined
  const mounted = useMountedRef()

  const switchTo = (targetId: number) => {
    if (isPending) return
    if (targetId === chainId) {
      router.goBack()
      return
    }
    const previous = chainId
    setPendingChainId(targetId)
    switchChain(config, { chainId: targetId as ConfigChainId }).then(
      () => {
        if (!mounted.current) return
        setPendingChainId(undefined)
        const stillListed = previous !== undefined && chains.some((c) => c.id === previous)
        if (!stillListed) closeModal()
        else if (router.getState().history.length > 1) router.goBack()
        else if (isConnected) router.replace('Account')
        else closeModal()
      },
      () => {
        if (!mounted.current) return
        setPendingChainId(undefined)
        toast.show('error', t('networks.switchFailed'))
        if (onFailure === 'goBack') router.goBack()
      },
    )
  }

  return { switchTo, isPending, pendingChainId }
}
