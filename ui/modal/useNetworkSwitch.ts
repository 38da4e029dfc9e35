import { useRef, useState } from 'react'
import { useChains, useConfig } from 'wagmi'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'
import { isUserRejection } from '../../src/errors/isUserRejection'
import { SwitchNetworkFailedError } from '../../src/errors/SwitchNetworkFailedError'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useModalParts } from '../context/useModalParts'
import { t } from '../locales/t'
import { useConnection } from '../useConnection'
import { switchChainConfirmed } from './switchChainConfirmed'
import { useMountedRef } from './useMountedRef'

/** The toast of a failed switch: declined, unsupported by the wallet, or failed. */
function switchErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return t('networks.switchRejected')
  if (error instanceof ChainNotSupportedError) return t('networks.walletUnsupported')
  if (error instanceof SwitchNetworkFailedError && error.reason === 'timeout')
    return t('networks.switchTimeout')
  if (error instanceof SwitchNetworkFailedError && error.reason === 'pending')
    return t('networks.switchPending')
  return t('networks.switchFailed')
}

/** Parameters of {@link useNetworkSwitch}. */
export interface UseNetworkSwitchParameters {
  /** What a failed switch does after the error toast. @default 'goBack' (SPEC §4) */
  onFailure?: 'goBack' | 'stay' | undefined
  /** What a switch does once confirmed: SPEC §4's navigation, or stay on the view (Swap's). @default 'navigate' */
  onSuccess?: 'navigate' | 'stay' | undefined
}

/**
 * Switches the active chain, confirmed by the wallet's `eth_chainId` ({@link switchChainConfirmed}),
 * and navigates per SPEC §4: the modal closes when the old network left the list, else back to
 * Account; a failed switch goes back one view with an error toast that says why (rejected, not
 * supported by the wallet, failed). A second choice while one is pending replaces it (the last wins).
 */
export function useNetworkSwitch({
  onFailure = 'goBack',
  onSuccess = 'navigate',
}: UseNetworkSwitchParameters = {}) {
  const { router, closeModal } = useLatchkeyContext()
  const { toast } = useModalParts()
  const chains = useChains()
  const { chainId, isConnected } = useConnection()
  // the action with its own pending state, not wagmi's useSwitchChain: its mutation code would
  // join the app's first bundle
  const config = useConfig()
  const [pendingChainId, setPendingChainId] = useState<number | undefined>(undefined)
  const isPending = pendingChainId !== undefined
  const mounted = useMountedRef()
  // only the latest choice reports (an earlier one fails as superseded); refs, not the render's
  // state, so a second click before the next render still sees the first one
  const latest = useRef(0)
  const pending = useRef<number | undefined>(undefined)
  const previous = useRef<number | undefined>(undefined)
  const settle = () => {
    pending.current = undefined
    setPendingChainId(undefined)
  }

  const switchTo = (targetId: number) => {
    if (targetId === pending.current) return
    if (pending.current === undefined && targetId === chainId) {
      router.goBack()
      return
    }
    if (pending.current === undefined) previous.current = chainId
    const id = ++latest.current
    pending.current = targetId
    setPendingChainId(targetId)
    switchChainConfirmed(config, { chainId: targetId }).then(
      () => {
        if (!mounted.current || id !== latest.current) return
        settle()
        if (onSuccess === 'stay') return
        const before = previous.current
        const stillListed = before !== undefined && chains.some((c) => c.id === before)
        if (!stillListed) closeModal()
        else if (router.getState().history.length > 1) router.goBack()
        else if (isConnected) router.replace('Account')
        else closeModal()
      },
      (error: unknown) => {
        if (!mounted.current || id !== latest.current) return
        settle()
        toast.show('error', switchErrorMessage(error))
        if (onFailure === 'goBack') router.goBack()
      },
    )
  }

  return { switchTo, isPending, pendingChainId }
}
