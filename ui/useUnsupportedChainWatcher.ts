import { useEffect } from 'react'
import { useChains } from 'wagmi'
import type { LatchkeyContextValue } from './context/LatchkeyContext'
import { useConnection } from './useConnection'

/**
 * Opens the UnsupportedChain view when the wallet sits on a chain the app does not configure,
 * switching is enabled and unsupported chains are not allowed (SPEC §4 "Switching the active network").
 */
export function useUnsupportedChainWatcher(context: LatchkeyContextValue) {
  const { status, chainId } = useConnection()
  const chains = useChains()
  const { shell, openModal } = context
  const watch = shell.enableNetworkSwitch && !shell.allowUnsupportedChain
  const unsupportedChainId =
    status === 'connected' && chainId !== undefined && !chains.some((c) => c.id === chainId)
      ? chainId
      : undefined
  // runs again when the wallet moves from one unsupported chain to another
  useEffect(() => {
    if (watch && unsupportedChainId !== undefined) openModal({ view: 'UnsupportedChain' })
  }, [watch, unsupportedChainId, openModal])
}
