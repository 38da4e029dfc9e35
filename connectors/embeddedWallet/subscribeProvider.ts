import type { Address } from 'viem'
import type { FrameProvider } from '../../src/embeddedWallet/createFrameProvider'
import type { EmbeddedWalletHandlers } from './embeddedWalletTypes'

/** Subscribes the connector's handlers to the provider's events; returns the unsubscribe. */
export function subscribeProvider(
  provider: FrameProvider,
  handlers: EmbeddedWalletHandlers,
): () => void {
  const onAccounts = handlers.onAccountsChanged as (accounts: readonly Address[]) => void
  const onChain = handlers.onChainChanged
  const onDisconnect = () => handlers.onDisconnect()
  provider.on('accountsChanged', onAccounts)
  provider.on('chainChanged', onChain)
  provider.on('disconnect', onDisconnect)
  return () => {
    provider.removeListener('accountsChanged', onAccounts)
    provider.removeListener('chainChanged', onChain)
    provider.removeListener('disconnect', onDisconnect)
  }
}
